import dayjs, { type Dayjs } from 'dayjs';
import type { Period } from './api';

/** The period choices of the picker; 近30天 is the default (docs/decisions.md "Dashboard"). */
export type Preset = 'today' | '7' | '30' | 'custom';

export const DEFAULT_PRESET: Preset = '30';

/** The longest period the BFF answers, in days (both ends included). */
export const MAX_DAYS = 366;

const DAY = 'YYYY-MM-DD';

/** The days of a preset ending today (custom keeps its own range: `range`). */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: Dayjs = dayjs()): Period {
  const days = preset === 'today' ? 1 : Number(preset);
  return { start: today.subtract(days - 1, 'day').format(DAY), end: today.format(DAY) };
}

/** A custom range as a period, or null when it is longer than the BFF answers. */
export function rangePeriod(from: Dayjs, to: Dayjs): Period | null {
  if (to.diff(from, 'day') + 1 > MAX_DAYS) return null;
  return { start: from.format(DAY), end: to.format(DAY) };
}
