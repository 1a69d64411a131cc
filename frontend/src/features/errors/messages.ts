import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the error pages, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'common.backHome': ['返回首页', 'Back to home'],
  'error.401.body': ['抱歉，您无权访问此页面', 'Sorry, you are not allowed to see this page'],
  'error.crash.title': ['页面出错了', 'This page failed'],
  'error.crash.body': ['页面显示时发生错误，请返回或刷新后重试', 'Something went wrong while showing it. Go back, or refresh and try again.'],
  'error.crash.back': ['返回', 'Back'],
  'error.crash.refresh': ['刷新', 'Refresh'],
  'error.404.body': ['抱歉，您访问的页面不存在', 'Sorry, the page you visited does not exist'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
