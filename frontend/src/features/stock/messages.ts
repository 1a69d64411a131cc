import { featureMessages, type Messages } from '@/shared/lib/i18n';
import { shopMessages } from '@/shared/lib/messages.shop';

/** Strings of 库存流水, zh-CN then en-US (the reasons are the shop's shared words). */
export const messages = {
  'stock.title': ['库存流水', 'Stock ledger'],
  'stock.skuCode': ['规格编码', 'SKU code'],
  'stock.delta': ['变动数量', 'Change'],
  'stock.balance': ['变动后库存', 'Stock after'],
  'stock.reason': ['变动原因', 'Reason'],
  'stock.orderNo': ['订单号', 'Order no.'],
  'stock.operator': ['操作人', 'Operator'],
  'stock.note': ['备注', 'Note'],
  'stock.createTime': ['变动时间', 'Time'],
  'stock.in': ['入库', 'Stock in'],
  'stock.out': ['出库', 'Stock out'],
  'stock.stocktake': ['盘点', 'Stocktake'],
  'stock.adjust.sku': ['商品规格', 'SKU'],
  'stock.adjust.quantity.in': ['入库数量', 'Quantity in'],
  'stock.adjust.quantity.out': ['出库数量', 'Quantity out'],
  'stock.adjust.quantity.stocktake': ['盘点数量', 'Counted'],
  'stock.adjust.reason': ['原因', 'Reason'],
  'stock.adjust.now': ['当前库存：{n}', 'In stock: {n}'],
  'stock.adjust.stocktakeHint': ['填写实际清点的数量，系统记录与当前库存的差额', 'Enter the counted figure; the difference to the stock is booked'],
  'stock.adjust.done': ['库存已更新', 'Stock updated'],
  'stock.adjust.positive': ['必须是大于0的整数', 'A whole number above 0'],
  'stock.adjust.whole': ['必须是不小于0的整数', 'A whole number, 0 or more'],
  'stock.adjust.tooMuch': ['出库数量不能超过当前库存 {n}', 'Cannot take more than the {n} in stock'],
  'stock.sku.search': ['输入规格编码或商品名称', 'Type a SKU code or goods name'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages({ ...shopMessages, ...messages });
