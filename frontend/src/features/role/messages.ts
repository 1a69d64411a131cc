import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the role management, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'role.title': ['角色管理', 'Roles'],
  'role.name': ['角色名称', 'Role name'],
  'role.level': ['角色级别', 'Level'],
  'role.dataScope': ['数据权限', 'Data scope'],
  'role.scope.all': ['全部', 'All'],
  'role.scope.dept': ['本级', 'Own department'],
  'role.scope.custom': ['自定义', 'Custom'],
  'role.depts': ['数据范围', 'Departments'],
  'role.menus': ['菜单分配', 'Menus'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
