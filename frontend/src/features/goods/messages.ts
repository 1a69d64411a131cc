import { featureMessages, type Messages } from '@/shared/lib/i18n';
import { shopMessages } from '@/shared/lib/messages.shop';

/** Strings of 商品管理, zh-CN then en-US. */
export const messages = {
  'goods.title': ['商品管理', 'Goods'],
  'goods.keyword': ['名称/编码', 'Name or code'],
  'goods.picture': ['主图', 'Main picture'],
  'goods.gallery': ['图集', 'Gallery'],
  'goods.galleryTip': ['最多9张图片，每张不超过5MB', 'At most 9 images, each at most 5MB'],
  'goods.pictureTip': ['一张图片，不超过5MB', 'One image, at most 5MB'],
  'goods.description': ['商品描述', 'Description'],
  'goods.detail': ['详情', 'Detail'],
  'goods.onSale': ['上架', 'List'],
  'goods.offSale': ['下架', 'Unlist'],
  'goods.batchOnSale': ['批量上架', 'List selected'],
  'goods.batchOffSale': ['批量下架', 'Unlist selected'],
  'goods.confirmOnSale': ['确定上架选中的 {n} 件商品吗？', 'List the {n} selected goods?'],
  'goods.confirmOffSale': ['确定下架选中的 {n} 件商品吗？', 'Take the {n} selected goods off sale?'],
  'goods.onSaleDone': ['上架成功', 'Listed'],
  'goods.offSaleDone': ['下架成功', 'Taken off sale'],
  'goods.lowStock.only': ['仅看库存预警', 'Low stock only'],
  'goods.pickFirst': ['请先选择商品', 'Select goods first'],
  'goods.money': ['请输入不小于0的金额，最多两位小数', 'Enter an amount of at least 0 with at most two decimals'],
  'goods.integer': ['请输入不小于0的整数', 'Enter a whole number of at least 0'],
  'goods.specs': ['商品规格', 'Specs'],
  'goods.spec.add': ['添加规格', 'Add a spec'],
  'goods.spec.name': ['规格名', 'Spec name'],
  'goods.spec.namePlaceholder': ['规格名，如 颜色', 'Spec name, e.g. Colour'],
  'goods.spec.values': ['规格值', 'Values'],
  'goods.spec.valuesPlaceholder': ['输入规格值后按回车', 'Type a value, then Enter'],
  'goods.spec.remove': ['删除规格', 'Remove the spec'],
  'goods.spec.hint': ['最多 {n} 个规格；不添加规格时商品只有一个SKU', 'At most {n} specs; without specs the goods has one SKU'],
  'goods.spec.nameRequired': ['请输入第 {n} 个规格的规格名', 'Enter the name of spec {n}'],
  'goods.spec.nameTaken': ['规格名「{name}」重复', 'The spec name {name} is used twice'],
  'goods.spec.valuesRequired': ['请为规格「{name}」添加规格值', 'Add values to the spec {name}'],
  'goods.spec.tooMany': ['最多 {n} 个规格', 'At most {n} specs'],
  'goods.sku.count': ['共 {n} 个SKU', '{n} SKUs'],
  'goods.sku.batch': ['批量填充', 'Fill all rows'],
  'goods.sku.batchHint': ['填写后点击批量填充，空的项不变', 'Empty boxes leave their column as it is'],
  'goods.sku.required': ['第 {n} 行：请输入{field}', 'Row {n}: enter the {field}'],
  'goods.sku.codeTaken': ['第 {n} 行：SKU编码 {code} 重复', 'Row {n}: the SKU code {code} is used twice'],
  'goods.sku.money': ['第 {n} 行：{field}请输入不小于0的金额，最多两位小数', 'Row {n}: {field} must be an amount of at least 0 with at most two decimals'],
  'goods.sku.integer': ['第 {n} 行：{field}请输入不小于0的整数', 'Row {n}: {field} must be a whole number of at least 0'],
  'goods.sku.loadFailed': ['SKU加载失败', 'The SKUs could not be loaded'],
} as const satisfies Messages;

// the shop's shared words (goods fields and statuses) load with the shop's pages, not at sign-in
export const { t, useT, translate } = featureMessages({ ...shopMessages, ...messages });
