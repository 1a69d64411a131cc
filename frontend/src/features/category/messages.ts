import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 商品分类, zh-CN then en-US; the shared ones stay in shared/lib/i18n.ts. */
export const messages = {
  'category.title': ['商品分类', 'Goods categories'],
  'category.name': ['分类名称', 'Name'],
  'category.nameEn': ['英文名称', 'English name'],
  'category.nameEn.tip': ['英文模式下显示，不填则显示分类名称', 'Shown in English mode; empty: the name'],
  'category.code': ['分类编码', 'Code'],
  'category.code.rule': ['只能包含字母、数字、下划线和中划线', 'Letters, digits, _ and - only'],
  'category.code.fixed': ['编码创建后不能修改：商品按编码归类', 'The code cannot change once created: goods are filed by it'],
  'category.parent': ['上级分类', 'Parent'],
  'category.top': ['顶级分类', 'Top level'],
  'category.addChild': ['新增下级', 'Add child'],
  'category.enable.confirm': ['确定启用该分类吗？', 'Enable this category?'],
  'category.disable.confirm': [
    '停用后新增或编辑商品时不能再选择该分类及其下级分类，已有商品保留分类、仍可按它筛选。确定停用吗？',
    'Once disabled, neither it nor the categories below it can be chosen for goods; goods already in it keep it and still filter by it. Disable it?',
  ],
  'category.enabled': ['已启用 {name}', '{name} enabled'],
  'category.disabled': ['已停用 {name}', '{name} disabled'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
