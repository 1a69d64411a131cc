import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the data overview, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'dashboard.orders': ['订单数', 'Orders'],
  'dashboard.extra': ['业务系统数据', 'From the business system'],
  'dashboard.extra.unavailable': ['业务系统数据暂不可用，其余数据照常显示', 'The business system’s figures are unavailable right now; the rest is shown as usual'],
  'dashboard.sales': ['销售额', 'Sales'],
  'dashboard.customers': ['新增客户', 'New customers'],
  'dashboard.goods': ['在售商品', 'Goods on sale'],
  'dashboard.vsPrevious': ['较上期', 'vs previous'],
  'dashboard.previous': ['上期 {value}', 'previous {value}'],
  'dashboard.noPrevious': ['上期无数据', 'nothing before'],
  'dashboard.period.today': ['今天', 'Today'],
  'dashboard.period.7': ['近7天', 'Last 7 days'],
  'dashboard.period.30': ['近30天', 'Last 30 days'],
  'dashboard.period.custom': ['自定义', 'Custom'],
  'dashboard.period.tooLong': ['时间跨度不能超过366天', 'At most 366 days'],
  'dashboard.pending': ['待办事项', 'To do'],
  'dashboard.toShip': ['待发货', 'To ship'],
  'dashboard.refunded': ['已退款', 'Refunded'],
  'dashboard.refunded.hint': ['所选期间的订单中已退款的', 'orders of the period now refunded'],
  'dashboard.lowStock': ['库存预警', 'Low stock'],
  'dashboard.expiringContracts': ['合同即将到期', 'Contracts expiring'],
  'dashboard.expiringContracts.hint': ['已签署且30天内到期的合同', 'signed contracts ending within 30 days'],
  'dashboard.pendingAftersales': ['待处理售后', 'After-sales to handle'],
  'dashboard.pendingAftersales.hint': ['申请中、买家已发货和待退款的售后单', 'cases applied, returned by the buyer, or waiting for their refund'],
  'dashboard.lowStock.hint': ['在售且有SKU库存不高于其预警值', 'on sale, a SKU at or under its low-stock mark'],
  'dashboard.trend': ['订单与销售趋势', 'Orders and sales'],
  'dashboard.statuses': ['订单状态分布', 'Orders by status'],
  'dashboard.top': ['商品销售额 Top 10', 'Top 10 goods by sales'],
  'dashboard.top.approx': ['销量分散，排名取自每日前20', 'sales are spread: ranked from each day’s top 20'],
  'dashboard.empty': ['暂无数据', 'No data'],
  'dashboard.denied': ['没有查看数据概览的权限', 'You may not view the data overview'],
  'dashboard.wall.updated': ['更新于 {time}，每分钟刷新', 'updated {time}, every minute'],
  'dashboard.status.unpaid': ['待付款', 'Unpaid'],
  'dashboard.status.paid': ['待发货', 'To ship'],
  'dashboard.status.shipped': ['已发货', 'Shipped'],
  'dashboard.status.completed': ['已完成', 'Completed'],
  'dashboard.status.closed': ['已关闭', 'Closed'],
  'dashboard.status.refunded': ['已退款', 'Refunded'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
