import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the dictionary management, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'dict.title': ['字典管理', 'Dictionaries'],
  'dict.name': ['字典名称', 'Name'],
  'dict.details': ['字典详情', 'Entries'],
  'dict.detailsOf': ['字典详情：{name}', 'Entries: {name}'],
  'dict.pick': ['点击字典查看详情', 'Click a dictionary to see its entries'],
  'dict.label': ['字典标签', 'Label'],
  'dict.labelEn': ['英文标签', 'English label'],
  'dict.labelEn.tip': ['英文界面显示此标签，留空则显示字典标签', 'Shown in English mode; empty: the label is shown'],
  'dict.value': ['字典值', 'Value'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
