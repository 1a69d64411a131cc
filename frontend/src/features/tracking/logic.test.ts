import { describe, expect, it } from 'vitest';
import { ageOf } from './logic';

describe('ageOf', () => {
  it.each([
    [0, 'tracking.age.now', 0],
    [59, 'tracking.age.now', 0],
    [60, 'tracking.age.minutes', 1],
    [600, 'tracking.age.minutes', 10],
    [3599, 'tracking.age.minutes', 59],
    [3600, 'tracking.age.hours', 1],
    [86400 * 3, 'tracking.age.days', 3],
  ])('%i s old is %s %i', (s, key, n) => {
    expect(ageOf(s)).toEqual({ key, n });
  });
});
