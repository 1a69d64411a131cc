import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the data overview, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'dashboard.orders': ['订单数', 'Orders'],
  'dashboard.sales': ['销售额', 'Sales'],
  'dashboard.customers': ['新增客户', 'New customers'],
  'dashboard.goods': ['在售商品', 'Goods on sale'],
  'dashboard.pending': ['数据接入后显示实时数字', 'Real figures appear once the data is connected'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
