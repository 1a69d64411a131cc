/**
 * Strings of the workspace look (theme colour, dark mode, size selector), zh-CN then en-US.
 * Kept apart from i18n.ts's table, like messages.ui.ts, so parallel additions there do not collide.
 */
export const lookMessages = {
  // Repository's own strings (settings.compilingTheme, from DECISIONS §2, is in i18n.ts)
  'settings.theme': ['主题颜色', 'Theme colour'],
  'settings.dark': ['暗色模式', 'Dark mode'],
  'size.label': ['布局大小', 'Layout size'],
  'size.default': ['默认', 'Default'],
  'size.medium': ['中等', 'Medium'],
  'size.small': ['小型', 'Small'],
  'size.mini': ['迷你', 'Mini'],
} as const satisfies Record<string, readonly [string, string]>;
