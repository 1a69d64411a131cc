import dayjs, { type Dayjs } from 'dayjs';
import type { ChartOption } from '@/shared/ui/chart';
import type { Language } from '@/shared/lib/i18n';
import { groupYuan } from '@/shared/lib/money';
import type { Dimension, SalesAnswer, SalesQuery, SalesRow } from './api';
import { translate } from './messages';

export type Preset = '7' | '30' | 'month' | 'lastMonth' | 'custom';

export const DIMENSIONS: Dimension[] = ['day', 'goods', 'sku', 'category', 'agency'];

/** The longest range the BFF answers. */
export const MAX_DAYS = 366;

const DAY = 'YYYY-MM-DD';

/** A preset's range, today included: 近7天 / 近30天 end today; 本月 from the 1st to today; 上月 the whole last month. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: Dayjs = dayjs()): { start: string; end: string } {
  switch (preset) {
    case '7':
      return { start: today.subtract(6, 'day').format(DAY), end: today.format(DAY) };
    case '30':
      return { start: today.subtract(29, 'day').format(DAY), end: today.format(DAY) };
    case 'month':
      return { start: today.startOf('month').format(DAY), end: today.format(DAY) };
    case 'lastMonth': {
      const m = today.subtract(1, 'month');
      return { start: m.startOf('month').format(DAY), end: m.endOf('month').format(DAY) };
    }
  }
}

/** The query of a picked range and dimension; null when the range is longer than MAX_DAYS or reversed. */
export function toQuery(start: Dayjs, end: Dayjs, by: Dimension): SalesQuery | null {
  const days = end.startOf('day').diff(start.startOf('day'), 'day') + 1;
  if (days < 1 || days > MAX_DAYS) return null;
  return { start: start.format(DAY), end: end.format(DAY), by };
}

/** ¥1,234.50 / -¥800.00 from the BFF's yuan text. */
export function money(text: string): string {
  const neg = text.startsWith('-');
  return `${neg ? '-' : ''}¥${groupYuan(neg ? text.slice(1) : text)}`;
}

/** A row's label; the freight row's named in the reader's language. */
export function rowLabel(r: SalesRow, lang: Language): string {
  return r.key === 'freight' ? translate(lang, 'report.freight') : r.label;
}

/** The sheet's columns: the dimension's key column, then the figures. */
export function exportColumns(by: Dimension, lang: Language): { headers: string[]; fields: string[] } {
  const fields = ['label', 'orders', 'units', 'sales', 'refunds', 'net'];
  const headers = [
    translate(lang, `report.key.${by}`),
    ...fields.slice(1).map((f) => translate(lang, `report.${f}` as 'report.orders')),
  ];
  return { headers, fields };
}

/** By day: orders as bars (left axis) and net as a line (right axis, yuan) over the days. */
function dayOption(a: SalesAnswer, lang: Language): ChartOption {
  const orders = translate(lang, 'report.orders');
  const sales = translate(lang, 'report.sales');
  const net = translate(lang, 'report.net');
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [orders, sales, net], top: 0 },
    grid: { left: 48, right: 72, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: a.rows.map((r) => r.key.slice(5)) },
    yAxis: [
      { type: 'value', name: orders, minInterval: 1 },
      { type: 'value', name: '¥', splitLine: { show: false } },
    ],
    series: [
      { name: orders, type: 'bar', data: a.rows.map((r) => r.orders), barMaxWidth: 18 },
      { name: sales, type: 'line', yAxisIndex: 1, data: a.rows.map((r) => Number(r.sales)) },
      { name: net, type: 'line', yAxisIndex: 1, data: a.rows.map((r) => Number(r.net)) },
    ],
  };
}

/** The ten rows with the highest net (freight left out), best on top, each bar labelled ¥. */
export function topRows(a: SalesAnswer): SalesRow[] {
  return a.rows
    .filter((r) => r.key !== 'freight')
    .sort((x, y) => Number(y.net) - Number(x.net))
    .slice(0, 10);
}

function topOption(a: SalesAnswer, lang: Language): ChartOption {
  const rows = topRows(a).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 112, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: '¥' },
    yAxis: { type: 'category', data: rows.map((r) => rowLabel(r, lang)), axisLabel: { width: 160, overflow: 'truncate' } },
    series: [
      {
        name: translate(lang, 'report.net'),
        type: 'bar',
        data: rows.map((r) => Number(r.net)),
        label: { show: true, position: 'right', formatter: (p: { value: unknown }) => money(Number(p.value).toFixed(2)) },
        barMaxWidth: 18,
      },
    ],
  };
}

/** The report's chart: a trend by day, the top 10 by net otherwise. */
export function chartOption(a: SalesAnswer, by: Dimension, lang: Language): ChartOption {
  return by === 'day' ? dayOption(a, lang) : topOption(a, lang);
}
