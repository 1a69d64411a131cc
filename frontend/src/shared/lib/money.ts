/**
 * Money as the BFF sends it: yuan text with two decimals ("12.50"), never a float
 * (docs/decisions.md "Goods and orders"). Everything here works on the text.
 */

/** Digits, then at most two decimals; 11 whole digits keep it under the BFF's limit. */
const YUAN = /^(\d{1,11})(?:\.(\d{1,2}))?$/;

/** Whether `text` is an amount the BFF accepts: not negative, at most two decimals. */
export function isYuan(text: string): boolean {
  return YUAN.test(text.trim());
}

/** An accepted amount written with exactly two decimals ("12.5" → "12.50", "007" → "7.00"); other text as it is. */
export function toYuanText(text: string): string {
  const m = YUAN.exec(text.trim());
  if (!m) return text;
  const whole = m[1].replace(/^0+(?=\d)/, '');
  return `${whole}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/** ¥12.50 for display; '-' when there is no amount. */
export function formatYuan(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return `¥${value}`;
}

/** Yuan text with thousands separators ("2039322.20" → "2,039,322.20"), as Statistic shows it; other text as it is. */
export function groupYuan(text: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(text.trim());
  if (!m) return text;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** Yuan text as whole fen; null for text that is not an amount. */
function toFen(text: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const fen = BigInt(m[2] + (m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

function fromFen(fen: bigint): string {
  const digits = (fen < 0n ? -fen : fen).toString().padStart(3, '0');
  return `${fen < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `unit` × `quantity` as yuan text, in whole fen (BigInt): a line of an order. '' for bad input. */
export function timesYuan(unit: string, quantity: number): string {
  const fen = toFen(unit);
  if (fen === null || !Number.isInteger(quantity)) return '';
  return fromFen(fen * BigInt(quantity));
}

/** The sum of yuan texts, in whole fen. '' when one is not an amount. */
export function sumYuan(...amounts: string[]): string {
  let total = 0n;
  for (const a of amounts) {
    const fen = toFen(a);
    if (fen === null) return '';
    total += fen;
  }
  return fromFen(total);
}
