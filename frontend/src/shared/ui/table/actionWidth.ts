import { theme } from 'antd';

/**
 * The width of an 操作 column from the labels of the buttons one row can show (issue 16: the
 * column fits its buttons in both languages, none wraps or is cut). The width is needed before
 * anything is drawn, so the labels are measured on a canvas in the buttons' font; where there is
 * no canvas (jsdom) they are estimated per character, erring wide, so a button never needs more
 * than it gets.
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
export function estimatedWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return Math.ceil(w);
}

/**
 * A canvas context set to the buttons' font (antd's font stack, so the same fallback fonts as the
 * drawn text), made once; null where the page cannot measure: jsdom has no canvas and says so on
 * the console when asked.
 */
const measurer = (() => {
  let ctx: CanvasRenderingContext2D | null | undefined;
  return (): CanvasRenderingContext2D | null => {
    if (ctx !== undefined) return ctx;
    ctx = null;
    if (typeof document !== 'undefined' && !navigator.userAgent.includes('jsdom')) {
      ctx = document.createElement('canvas').getContext('2d');
      if (ctx) ctx.font = `${FONT}px ${theme.getDesignToken().fontFamily}`;
    }
    return ctx;
  };
})();

/** The width of `text` in the small button font: measured (a pixel spare for rounding), else estimated. */
export function textWidth(text: string): number {
  const ctx = measurer();
  return ctx ? Math.ceil(ctx.measureText(text).width) + 1 : estimatedWidth(text);
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
