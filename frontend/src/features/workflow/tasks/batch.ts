import type { TaskRow } from '../types.flow';

/** Why the selected todos cannot be approved together: none chosen, or of several forms; null when they can. */
export function batchProblem(rows: Pick<TaskRow, 'formId'>[]): 'none' | 'mixed' | null {
  if (rows.length === 0) return 'none';
  return new Set(rows.map((r) => r.formId)).size > 1 ? 'mixed' : null;
}
