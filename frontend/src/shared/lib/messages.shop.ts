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
} as const satisfies Record<string, readonly [string, string]>;
