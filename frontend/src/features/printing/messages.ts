import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of the print buttons on 订单管理, zh-CN then en-US. */
export const messages = {
  'print.button': ['打印', 'Print'],
  'print.picking': ['打印拣货单', 'Print picking list'],
  'print.deliveryA4': ['打印发货单（A4）', 'Print delivery notes (A4)'],
  'print.deliveryLabel': ['打印发货单（面单100×150）', 'Print delivery labels (100×150)'],
  'print.pdfPicking': ['下载拣货单PDF', 'Picking list PDF'],
  'print.pdfDeliveryA4': ['下载发货单PDF（A4）', 'Delivery notes PDF (A4)'],
  'print.pdfDeliveryLabel': ['下载发货单PDF（面单）', 'Delivery labels PDF'],
  'print.select': ['请先勾选要打印的订单', 'Select the orders to print first'],
  'print.tooMany': ['一次最多打印500个订单', 'At most 500 orders at a time'],
  'print.preview': ['打印预览', 'Print preview'],
  'print.again': ['打印', 'Print'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
