/** Length of a leave in days: milliseconds / 86,400,000 (docs/decisions.md "Leave request (first workflow slice)"), at most two decimals. */
export const DAY_MS = 86_400_000;

export function leaveDays(start: Date | number, end: Date | number): number {
  const ms = Number(end) - Number(start);
  if (!Number.isFinite(ms) || ms < 0) return 0;
  return Math.round((ms / DAY_MS) * 100) / 100;
}

/** Remaining annual leave, or X while it is not known. */
export function remainingText(days: number | null | undefined): string {
  return days === null || days === undefined ? 'X' : String(days);
}
