/**
 * The width of an 操作 column from the labels of the buttons one row can show (issue 16: the
 * column fits its buttons in both languages, none wraps or is cut). The labels are estimated per
 * character rather than measured: the column's width is needed before anything is drawn, and the
 * estimate errs wide (wide Latin fallback fonts), so a button never needs more than it gets.
 */

/** Font size of the small link buttons (antd's fontSize token). */
const FONT = 14;
/** A small button's inline padding and border: 7px and 1px each side. */
const BUTTON_EXTRA = 16;
/** The cell's padding (16px each side at the largest table size) and its border. */
const CELL_EXTRA = 33;
/** The 更多 button's down arrow and the gap before it. */
export const ARROW = 20;

function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return FONT; // CJK and full-width forms
  if (ch === ' ') return FONT * 0.32;
  if (/[A-Z]/.test(ch)) return FONT * 0.76;
  if (/[mwMW]/.test(ch)) return FONT * 0.98;
  if (/[a-z0-9]/.test(ch)) return FONT * 0.64;
  return FONT * 0.4;
}

/** The estimated width of `text` in the small button font. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return Math.ceil(w);
}

/** The width of a column holding one row's buttons side by side; `extra` adds icons. */
export function actionsWidth(labels: readonly string[], extra = 0): number {
  if (labels.length === 0) return 0;
  return labels.reduce((sum, label) => sum + textWidth(label) + BUTTON_EXTRA, CELL_EXTRA + extra);
}

/** The width of an 操作 column: its buttons side by side, and never narrower than its own heading. */
export function actionColumnWidth(heading: string, labels: readonly string[], extra = 0): number {
  return Math.max(actionsWidth(labels, extra), actionsWidth([heading]) - BUTTON_EXTRA);
}
