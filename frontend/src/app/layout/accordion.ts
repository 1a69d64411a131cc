/**
 * The sidebar's open directories with 菜单手风琴 on: opening one keeps only it and the
 * directories it sits in (menu keys are paths, so those are its path prefixes); closing one
 * leaves the rest as they are.
 */
export function accordion(before: readonly string[], after: readonly string[]): string[] {
  const opened = after.filter((k) => !before.includes(k));
  if (opened.length === 0) return [...after];
  const last = opened[opened.length - 1];
  return after.filter((k) => k === last || last.startsWith(`${k}/`));
}
