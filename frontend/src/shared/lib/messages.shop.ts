/**
 * The shop's words that several pages show (商品管理, 详情, the dashboard to come): goods fields and
 * statuses, zh-CN then en-US. Not in i18n.ts's table: the pages that show them add them to their
 * own (features/goods, features/look), so the sign-in page does not load them.
 */
export const shopMessages = {
  'goods.name': ['商品名称', 'Name'],
  'goods.code': ['商品编码', 'Code'],
  'goods.category': ['商品分类', 'Category'],
  'goods.price': ['售价', 'Price'],
  'goods.cost': ['成本价', 'Cost'],
  'goods.stock': ['库存', 'Stock'],
  'goods.status': ['状态', 'Status'],
  'goods.status.draft': ['草稿', 'Draft'],
  'goods.status.on_sale': ['在售', 'On sale'],
  'goods.status.off_sale': ['已下架', 'Off sale'],
  'goods.agency': ['渠道', 'Agency'],
  'goods.own': ['自营', 'Own'],
  'goods.createTime': ['创建时间', 'Created'],
  'goods.groundingTime': ['上架时间', 'Listed'],
  // a goods item's SKUs, in the list's expanded rows and on its detail page
  'goods.skus': ['SKU', 'SKUs'],
  'goods.sku.spec': ['规格', 'Spec'],
  'goods.sku.code': ['SKU编码', 'SKU code'],
  'goods.sku.barcode': ['条码', 'Barcode'],
  'goods.sku.cost': ['成本', 'Cost'],
  'goods.sku.lowStock': ['预警值', 'Alert at'],
  'goods.sku.onSale': ['上架', 'On sale'],
  'goods.sku.offSale': ['未上架', 'Not on sale'],
  'goods.lowStock': ['库存预警', 'Low stock'],
  // the stock ledger's reasons (库存流水 and an order's 详情)
  'stock.reason.order_reserve': ['下单锁定', 'Reserved by an order'],
  'stock.reason.order_release': ['取消释放', 'Released by a cancel'],
  'stock.reason.order_refund': ['退款回补', 'Restored by a refund'],
  'stock.reason.manual_in': ['手工入库', 'Manual in'],
  'stock.reason.manual_out': ['手工出库', 'Manual out'],
  'stock.reason.stocktake': ['盘点', 'Stocktake'],
  'stock.reason.return_restock': ['退货入库', 'Returned to stock'],
  'stock.reason.opening': ['期初', 'Opening'],
} as const satisfies Record<string, readonly [string, string]>;
