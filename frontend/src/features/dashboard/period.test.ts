import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultPeriod } from './opening';
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
  it('the opening period (asked for at page load, without dayjs) is 近30天 on every day of a year', () => {
    for (let d = dayjs('2026-01-01T00:00:00'); d.isBefore(dayjs('2027-01-02')); d = d.add(1, 'day')) {
      for (const hour of [0, 12, 23]) {
        const at = d.hour(hour).minute(59);
        expect(defaultPeriod(at.toDate())).toEqual(presetPeriod('30', at));
      }
    }
  });
});
