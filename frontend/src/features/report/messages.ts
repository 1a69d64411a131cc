import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 销售报表, zh-CN then en-US. */
export const messages = {
  'report.title': ['销售报表', 'Sales report'],
  'report.preset.7': ['近7天', 'Last 7 days'],
  'report.preset.30': ['近30天', 'Last 30 days'],
  'report.preset.month': ['本月', 'This month'],
  'report.preset.lastMonth': ['上月', 'Last month'],
  'report.range': ['日期范围', 'Dates'],
  'report.range.tooLong': ['时间跨度不能超过366天', 'At most 366 days'],
  'report.by': ['维度', 'By'],
  'report.by.day': ['按日', 'By day'],
  'report.by.goods': ['按商品', 'By goods'],
  'report.by.sku': ['按SKU', 'By SKU'],
  'report.by.category': ['按分类', 'By category'],
  'report.by.agency': ['按渠道', 'By agency'],
  'report.key.day': ['日期', 'Day'],
  'report.key.goods': ['商品', 'Goods'],
  'report.key.sku': ['SKU', 'SKU'],
  'report.key.category': ['分类', 'Category'],
  'report.key.agency': ['渠道', 'Agency'],
  'report.orders': ['订单数', 'Orders'],
  'report.units': ['件数', 'Units'],
  'report.sales': ['销售额', 'Sales'],
  'report.refunds': ['退款', 'Refunds'],
  'report.net': ['净额', 'Net'],
  'report.export': ['导出', 'Export'],
  'report.asOf': ['数据更新于 {time}', 'Figures as of {time}'],
  'report.asOf.never': ['数据尚未生成，稍后刷新', 'Figures not made yet; refresh in a minute'],
  'report.top': ['净额 Top 10', 'Top 10 by net'],
  'report.trend': ['每日销售', 'Sales by day'],
  'report.empty': ['所选期间没有销售', 'No sales in the period'],
  'report.freight': ['运费', 'Freight'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
