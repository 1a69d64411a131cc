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
  'goods.lowStock': ['库存预警', 'Low stock'],
  'goods.lowStock.only': ['仅看库存预警', 'Low stock only'],
  'goods.pickFirst': ['请先选择商品', 'Select goods first'],
  'goods.money': ['请输入不小于0的金额，最多两位小数', 'Enter an amount of at least 0 with at most two decimals'],
  'goods.integer': ['请输入不小于0的整数', 'Enter a whole number of at least 0'],
} as const satisfies Messages;

// the shop's shared words (goods fields and statuses) load with the shop's pages, not at sign-in
export const { t, useT, translate } = featureMessages({ ...shopMessages, ...messages });
