import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the menu management, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'menu.title': ['菜单管理', 'Menus'],
  'menu.name': ['菜单标题', 'Title'],
  'menu.type': ['菜单类型', 'Type'],
  'menu.type.dir': ['目录', 'Directory'],
  'menu.type.menu': ['菜单', 'Page'],
  'menu.type.button': ['按钮', 'Button'],
  'menu.parent': ['上级类目', 'Parent'],
  'menu.icon': ['图标', 'Icon'],
  'menu.path': ['路由地址', 'Route path'],
  'menu.component': ['组件路径', 'Component'],
  'menu.componentName': ['组件名称', 'Component name'],
  'menu.permission': ['权限标识', 'Permission'],
  'menu.hidden': ['菜单可见', 'Visible'],
  'menu.cache': ['菜单缓存', 'Cached'],
  'menu.iFrame': ['外链菜单', 'External link'],
  'menu.yes': ['是', 'Yes'],
  'menu.no': ['否', 'No'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
