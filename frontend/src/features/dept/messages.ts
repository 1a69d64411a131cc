import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the department management, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'dept.title': ['部门管理', 'Departments'],
  'dept.name': ['部门名称', 'Name'],
  'dept.parent': ['上级部门', 'Parent'],
  'dept.leaders': ['负责人', 'Heads'],
  'dept.leaders.max': ['最多5位负责人', 'At most 5 heads'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
