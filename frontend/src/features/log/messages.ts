import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the operation log, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'log.title': ['操作日志', 'Operation log'],
  'log.username': ['用户名', 'User'],
  'log.action': ['操作', 'Action'],
  'log.reason': ['失败原因', 'Failure reason'],
  'log.method': ['请求方法', 'Method'],
  'log.path': ['请求路径', 'Path'],
  'log.ip': ['IP来源', 'IP'],
  'log.browser': ['浏览器', 'Browser'],
  'log.status': ['结果', 'Result'],
  'log.ok': ['成功', 'Succeeded'],
  'log.fail': ['失败', 'Failed'],
  'log.time': ['耗时（ms）', 'Time (ms)'],
  'log.changes': ['修改内容', 'Changes'],
  'log.field': ['字段', 'Field'],
  'log.before': ['修改前', 'Before'],
  'log.after': ['修改后', 'After'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
