import type { FormRow } from './formApi';

/** A row of the forms list for the fake BFF. */
export const formRow = (id: number, name: string, icon: string, group: string, version: number, draftChanged = false): FormRow => ({
  id,
  name,
  icon,
  group,
  version,
  draftChanged,
  updateTime: '2026-11-25 10:00:00',
});

/** GET /api/workflow/forms as the fake BFF answers it. */
export const formPage = (rows: FormRow[]) => ({ status: 200, body: { content: rows, totalElements: rows.length } });
