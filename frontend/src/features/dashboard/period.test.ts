import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { presetPeriod, rangePeriod } from './period';

describe('dashboard periods', () => {
  const today = dayjs('2026-11-21');
  it('today is one day, the presets end today', () => {
    expect(presetPeriod('today', today)).toEqual({ start: '2026-11-21', end: '2026-11-21' });
    expect(presetPeriod('7', today)).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(presetPeriod('30', today)).toEqual({ start: '2026-10-23', end: '2026-11-21' });
  });
  it('a custom range is at most 366 days', () => {
    expect(rangePeriod(dayjs('2023-11-21'), dayjs('2024-11-20'))).toEqual({ start: '2023-11-21', end: '2024-11-20' });
    expect(rangePeriod(dayjs('2023-11-20'), dayjs('2024-11-20'))).toBeNull();
  });
});
