import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { SalesAnswer } from './api';
import { chartOption, exportColumns, money, presetRange, toQuery, topRows } from './query';

const today = dayjs('2026-11-28');

describe('presetRange', () => {
  it('ends today for 近7天 and 近30天, counting today', () => {
    expect(presetRange('7', today)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(presetRange('30', today)).toEqual({ start: '2026-10-30', end: '2026-11-28' });
  });
  it('takes 本月 from the 1st and 上月 whole', () => {
    expect(presetRange('month', today)).toEqual({ start: '2026-11-01', end: '2026-11-28' });
    expect(presetRange('lastMonth', today)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(presetRange('lastMonth', dayjs('2026-03-31'))).toEqual({ start: '2026-02-01', end: '2026-02-28' });
  });
});

describe('toQuery', () => {
  it('maps a range and a dimension to the query', () => {
    expect(toQuery(dayjs('2026-11-01'), dayjs('2026-11-30'), 'sku')).toEqual({ start: '2026-11-01', end: '2026-11-30', by: 'sku' });
  });
  it('refuses more than 366 days and a reversed range', () => {
    expect(toQuery(dayjs('2025-11-01'), dayjs('2026-11-01'), 'day')).not.toBeNull(); // 366 days
    expect(toQuery(dayjs('2025-10-31'), dayjs('2026-11-01'), 'day')).toBeNull();
    expect(toQuery(dayjs('2026-11-02'), dayjs('2026-11-01'), 'day')).toBeNull();
  });
});

describe('money', () => {
  it('writes yuan text with ¥ and thousands separators, negatives too', () => {
    expect(money('1234567.50')).toBe('¥1,234,567.50');
    expect(money('0.00')).toBe('¥0.00');
    expect(money('-800.00')).toBe('-¥800.00');
  });
});

const answer: SalesAnswer = {
  asOf: '2026-11-28 10:00:00',
  total: { orders: 4, units: 8, sales: '93.00', refunds: '48.00', net: '45.00' },
  rows: [
    { key: '1', label: '商品A', orders: 3, units: 4, sales: '40.00', refunds: '18.00', net: '22.00' },
    { key: 'freight', label: '运费', orders: 4, units: 0, sales: '80.00', refunds: '0.00', net: '80.00' },
    { key: '2', label: '商品B', orders: 2, units: 3, sales: '15.00', refunds: '0.00', net: '15.00' },
    { key: '3', label: '商品C', orders: 1, units: 1, sales: '30.00', refunds: '30.00', net: '0.00' },
  ],
};

describe('chart', () => {
  it('ranks by net without the freight row, best on top of the bars', () => {
    expect(topRows(answer).map((r) => r.label)).toEqual(['商品A', '商品B', '商品C']);
    const o = chartOption(answer, 'goods', 'zh-CN') as { yAxis: { data: string[] }; series: { data: number[]; label: { formatter: (p: { value: unknown }) => string } }[] };
    expect(o.yAxis.data).toEqual(['商品C', '商品B', '商品A']);
    expect(o.series[0].data).toEqual([0, 15, 22]);
    expect(o.series[0].label.formatter({ value: 1234.5 })).toBe('¥1,234.50');
  });
  it('draws days as a trend', () => {
    const days: SalesAnswer = { ...answer, rows: [{ key: '2026-11-03', label: '2026-11-03', orders: 2, units: 4, sales: '60.00', refunds: '0.00', net: '60.00' }] };
    const o = chartOption(days, 'day', 'en-US') as { xAxis: { data: string[] }; series: { name: string }[] };
    expect(o.xAxis.data).toEqual(['11-03']);
    expect(o.series.map((s) => s.name)).toEqual(['Orders', 'Sales', 'Net']);
  });
});

describe('exportColumns', () => {
  it('names the key column for the dimension', () => {
    expect(exportColumns('category', 'zh-CN')).toEqual({
      headers: ['分类', '订单数', '件数', '销售额', '退款', '净额'],
      fields: ['label', 'orders', 'units', 'sales', 'refunds', 'net'],
    });
  });
});
