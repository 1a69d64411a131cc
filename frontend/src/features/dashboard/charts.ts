import type { ChartOption } from '@/shared/ui/chart';
import type { Overview } from './api';
import { translate } from './messages';
import type { Language } from '@/shared/lib/i18n';
import { groupYuan } from '@/shared/lib/money';

/** ¥178,224.60: a bar's label, as the cards write money. */
export function yuanLabel(value: number): string {
  return `¥${groupYuan(value.toFixed(2))}`;
}

/** An axis tick, short: 12万 / 120k past ten thousand. */
export function shortAmount(value: number, lang: Language): string {
  if (Math.abs(value) < 10_000) return String(value);
  return lang === 'zh-CN' ? `${value / 10_000}万` : `${value / 1_000}k`;
}

/** Orders (bars, left axis) and sales in yuan (line, right axis) per day. */
export function trendOption(o: Overview, lang: Language): ChartOption {
  const orders = translate(lang, 'dashboard.orders');
  const sales = translate(lang, 'dashboard.sales');
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [orders, sales], top: 0 },
    grid: { left: 48, right: 64, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: o.trend.map((p) => p.day.slice(5)) },
    yAxis: [
      { type: 'value', name: orders, minInterval: 1 },
      { type: 'value', name: `${sales}(¥)`, splitLine: { show: false } },
    ],
    series: [
      { name: orders, type: 'bar', data: o.trend.map((p) => p.orders), barMaxWidth: 18 },
      // yuan text → number for drawing only; the figures themselves stay text
      { name: sales, type: 'line', yAxisIndex: 1, data: o.trend.map((p) => Number(p.sales)) },
    ],
  };
}

/** The period's orders by their status now, as a donut. */
export function statusOption(o: Overview, lang: Language): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{c}' },
        data: o.statuses
          .filter((s) => s.orders > 0)
          .map((s) => ({ name: translate(lang, `dashboard.status.${s.status}`), value: s.orders })),
      },
    ],
  };
}

/** The ten best-selling goods, best on top. */
export function topOption(o: Overview, lang: Language): ChartOption {
  const rows = [...o.top].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // room on the right for the longest label (¥1,234,567.89) beyond the longest bar
    grid: { left: 8, right: 112, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: '¥', axisLabel: { formatter: (v: number) => shortAmount(v, lang) } },
    yAxis: {
      type: 'category',
      data: rows.map((g) => g.goodsName),
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: [
      {
        name: translate(lang, 'dashboard.sales'),
        type: 'bar',
        data: rows.map((g) => Number(g.sales)),
        label: { show: true, position: 'right', formatter: (p: { value: unknown }) => yuanLabel(Number(p.value)) },
        barMaxWidth: 18,
      },
    ],
  };
}
