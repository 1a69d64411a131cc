import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 订单设置, zh-CN then en-US: apart from 订单管理's, whose first load has a budget. */
export const messages = {
  'order.setting.title': ['订单设置', 'Order settings'],
  'order.setting.help': ['修改仅对此后的订单生效：已下单、已发货或已完成的订单仍按当时的设置处理。', 'Changes apply to orders from then on: orders already placed, shipped or completed keep the settings of their time.'],
  'order.setting.unpaidCloseMinutes': ['未付款自动关闭', 'Close unpaid orders after'],
  'order.setting.unpaidCloseMinutes.extra': ['下单后超过该时间未付款，订单自动关闭并释放库存（5–10080 分钟）', 'An order unpaid this long closes and gives its stock back (5–10080 minutes)'],
  'order.setting.completeAfterDays': ['发货后自动确认收货', 'Complete shipped orders after'],
  'order.setting.completeAfterDays.extra': ['发货后超过该天数自动确认收货（1–365 天）', 'A shipped order completes by itself after this many days (1–365)'],
  'order.setting.afterSaleDays': ['售后期', 'After-sales period'],
  'order.setting.afterSaleDays.extra': ['订单完成后可申请售后的天数，0 表示完成后不可申请（0–365 天）', 'Days after completion during which after-sales may be opened; 0: none (0–365)'],
  'order.setting.lowStockDefault': ['默认库存预警值', 'Default low-stock threshold'],
  'order.setting.lowStockDefault.extra': ['新建商品规格未填写预警值时使用（0–999999 件）', 'For new SKUs saved without a threshold (0–999999)'],
  'order.setting.shipmentFixHours': ['发货后可修改物流', 'Shipment correctable for'],
  'order.setting.shipmentFixHours.extra': ['发货后该时间内可修改物流或取消发货（1–720 小时）', 'Hours after shipping during which the shipment may be corrected or cancelled (1–720)'],
  'order.setting.hours': ['小时', 'h'],
  'order.setting.minutes': ['分钟', 'min'],
  'order.setting.days': ['天', 'days'],
  'order.setting.pieces': ['件', 'pcs'],
  'order.setting.save': ['保存', 'Save'],
  'order.setting.saved': ['保存成功', 'Saved'],
  'order.setting.range': ['请输入 {min}–{max} 之间的整数', 'Enter a whole number from {min} to {max}'],
} as const satisfies Messages;

export const { t, useT } = featureMessages(messages);
