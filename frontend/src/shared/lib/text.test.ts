import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byteLength, maskEmail, maskMobile } from './text';
import { defaultRange, formatTime, relativeTime, toDate, weekdayName, WEEKDAYS } from './time';

describe('text utilities', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['\u007f', 1],
    ['\u0080', 2], // first 2-byte
    ['é', 2],
    ['\u07ff', 2], // 2047: last 2-byte
    ['\u0800', 3], // 2048
    ['中文', 6],
    ['a中é', 6],
  ])('byteLength(%j) = %i', (s, n) => expect(byteLength(s)).toBe(n));

  it.each([
    ['abcdef@example.com', 'abc***@example.com'],
    ['abc@x.cn', 'abc@x.cn'],
    ['ab@x.cn', 'ab@x.cn'],
    ['zhang.san@qq.com', 'zha******@qq.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('maskEmail(%j) = %j', (s, want) => expect(maskEmail(s)).toBe(want));

  it.each([
    ['13812345678', '138****5678'],
    ['1381234', '1381234'],
    ['19900001111', '199****1111'],
  ])('maskMobile(%j) = %j', (s, want) => expect(maskMobile(s)).toBe(want));
});

describe('time utilities', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 21, 15, 30, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('formats yyyy-MM-dd HH:mm:ss; a 10-digit number is seconds, 13 digits milliseconds', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    const secs = Math.floor(d.getTime() / 1000);
    expect(String(secs)).toHaveLength(10);
    expect(formatTime(d)).toBe('2026-01-02 03:04:05');
    expect(formatTime(secs)).toBe('2026-01-02 03:04:05');
    expect(formatTime(String(secs))).toBe('2026-01-02 03:04:05');
    expect(formatTime(d.getTime())).toBe('2026-01-02 03:04:05');
    expect(formatTime('2026-01-02 03:04:05', 'yyyy-MM-dd')).toBe('2026-01-02');
    expect(formatTime(d, 'HH:mm:ss')).toBe('03:04:05');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  it.each([
    [0, '刚刚'],
    [29, '刚刚'],
    [30, '1分钟前'],
    [90, '2分钟前'],
    [3599, '60分钟前'],
    [3600, '1小时前'],
    [3601, '2小时前'],
    [86399, '24小时前'],
    [86400, '1天前'],
    [172799, '1天前'],
    [172800, '2026-11-19'],
  ])('relative time %i s ago = %s', (ago, want) => {
    const now = Date.now();
    expect(relativeTime(now - ago * 1000, now)).toBe(want);
  });

  it('default range: from the start of the day 90 days ago to the start of today (seed-spec §9)', () => {
    const [start, end] = defaultRange();
    expect(formatTime(start)).toBe('2026-08-23 00:00:00');
    expect(formatTime(end)).toBe('2026-11-21 00:00:00');
  });

  it('weekday names, Sunday first', () => {
    expect(WEEKDAYS.join('')).toBe('日一二三四五六');
    expect(weekdayName(new Date(2026, 10, 22))).toBe('星期日');
    expect(weekdayName('2026-11-23 10:00:00')).toBe('星期一');
    expect(toDate('2026-11-21 08:00:00').getHours()).toBe(8);
  });
});
