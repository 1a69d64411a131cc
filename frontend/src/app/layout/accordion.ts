/**
 * The sidebar's open directories with 菜单手风琴 on: opening one keeps only it and the
 * directories it sits in (its path prefixes, and its directories in the tree: ProLayout opens
 * 流程 and 流程申请 together for /applyForm, a path outside /workflow); closing one leaves the rest
 * as they are.
 */
export function accordion(before: readonly string[], after: readonly string[], tree: readonly Node[] = []): string[] {
  const opened = after.filter((k) => !before.includes(k));
  if (opened.length === 0) return [...after];
  const last = opened[opened.length - 1];
  const parents = parentsOf(tree, last);
  return after.filter((k) => k === last || last.startsWith(`${k}/`) || parents.includes(k));
}

/** Menu tree nodes as the sidebar has them: a path and maybe children. */
interface Node {
  path: string;
  children?: Node[];
}

/**
 * The directories holding `path` in the sidebar tree, outermost first ([] when it is not in it).
 * Read from the tree, not from path prefixes: 流程申请 (/applyForm) sits in 流程 (/workflow).
 */
export function parentsOf(tree: readonly Node[], path: string): string[] {
  for (const n of tree) {
    if (n.path === path) return [];
    if (!n.children?.length) continue;
    const inner = parentsOf(n.children, path);
    if (inner.length > 0 || n.children.some((c) => c.path === path)) return [n.path, ...inner];
  }
  return [];
}
