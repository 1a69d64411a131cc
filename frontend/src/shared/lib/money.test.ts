import { describe, expect, it } from 'vitest';
import { formatYuan, groupYuan, isYuan, sumYuan, timesYuan, toYuanText } from './money';

describe('money text', () => {
  it('accepts what the BFF accepts and nothing else', () => {
    for (const ok of ['0', '12', '12.5', '12.50', ' 3.05 ', '99999999999.99']) expect(isYuan(ok), ok).toBe(true);
    for (const bad of ['', '-1', '1.234', '1e3', '1,000', '.5', '5.', 'abc', '100000000000'])
      expect(isYuan(bad), bad).toBe(false);
  });

  it('writes two decimals without passing through a number', () => {
    expect(toYuanText('12.5')).toBe('12.50');
    expect(toYuanText('12')).toBe('12.00');
    expect(toYuanText('007.1')).toBe('7.10');
    expect(toYuanText('0.05')).toBe('0.05');
    // beyond a float's exact range the text stays exact
    expect(toYuanText('99999999999.99')).toBe('99999999999.99');
    expect(toYuanText('x')).toBe('x');
  });

  it('shows ¥ and - for nothing', () => {
    expect(formatYuan('12.50')).toBe('¥12.50');
    expect(formatYuan('')).toBe('-');
    expect(formatYuan(undefined)).toBe('-');
  });

  it('multiplies a unit price in whole fen', () => {
    expect(timesYuan('12.50', 3)).toBe('37.50');
    expect(timesYuan('0.1', 3)).toBe('0.30'); // 0.1 * 3 is 0.30000000000000004 as floats
    expect(timesYuan('0.05', 1)).toBe('0.05');
    expect(timesYuan('99999999999.99', 1000)).toBe('99999999999990.00');
    expect(timesYuan('x', 1)).toBe('');
  });

  it('adds in whole fen', () => {
    expect(sumYuan('0.10', '0.20')).toBe('0.30'); // 0.1 + 0.2 is 0.30000000000000004 as floats
    expect(sumYuan('12.5', '0.05', '-1')).toBe('11.55');
    expect(sumYuan()).toBe('0.00');
    expect(sumYuan('1', 'x')).toBe('');
  });
});

describe('groupYuan', () => {
  it('groups the whole part by thousands and keeps the decimals', () => {
    expect(groupYuan('2039322.20')).toBe('2,039,322.20');
    expect(groupYuan('999.00')).toBe('999.00');
    expect(groupYuan('1000')).toBe('1,000');
    expect(groupYuan('-1234567.5')).toBe('-1,234,567.5');
    expect(groupYuan('abc')).toBe('abc');
  });
});
