import { describe, expect, it } from 'vitest';
import { shortAmount, topOption, yuanLabel } from './charts';
import type { Overview } from './api';

describe('dashboard charts', () => {
  it('labels the top-10 bars as money, grouped, with room for them', () => {
    const o = { top: [{ goodsName: '羽绒服', sales: '178224.6' }] } as unknown as Overview;
    const opt = topOption(o, 'zh-CN') as {
      grid: { right: number };
      series: Array<{ label: { formatter: (p: { value: unknown }) => string } }>;
      xAxis: { axisLabel: { formatter: (v: number) => string } };
    };
    expect(opt.series[0].label.formatter({ value: 178224.6 })).toBe('¥178,224.60');
    expect(opt.grid.right).toBeGreaterThanOrEqual(100);
    expect(opt.xAxis.axisLabel.formatter(200000)).toBe('20万');
  });

  it('writes amounts like the cards and ticks short', () => {
    expect(yuanLabel(3750854.5)).toBe('¥3,750,854.50');
    expect(shortAmount(5000, 'en-US')).toBe('5000');
    expect(shortAmount(150000, 'en-US')).toBe('150k');
  });
});
