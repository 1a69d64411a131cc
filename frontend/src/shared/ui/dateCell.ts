/**
 * Class of a list's date/time column: its cells keep 2026-01-02 10:00:00 on one line (issue 16).
 * The rule itself is in the frame's look styles (app/layout/lookCss.ts).
 */
export const DATE_CELL = 'mall-date-cell';

/** The width a date column gets when its page sets none (shared/ui/table/columns.tsx). */
export const DATE_CELL_WIDTH = 176;
