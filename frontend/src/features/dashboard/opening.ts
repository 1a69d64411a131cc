import type { Period } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The period the page opens with: 近30天, the default preset, ending today (local time), as
 * `presetPeriod('30')` gives it. Without dayjs: the boot asks for it from the entry chunk, which
 * the sign-in page loads too.
 */
export function defaultPeriod(today: Date = new Date()): Period {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { start: day(start), end: day(today) };
}
