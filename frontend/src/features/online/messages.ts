import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the online users, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'online.title': ['在线用户', 'Online users'],
  'online.username': ['用户名', 'Username'],
  'online.nickName': ['用户昵称', 'Nickname'],
  'online.dept': ['部门', 'Department'],
  'online.ip': ['登录IP', 'IP address'],
  'online.browser': ['浏览器', 'Browser'],
  'online.kind': ['类型', 'Kind'],
  'online.kind.staff': ['员工', 'Staff'],
  'online.kind.channel': ['渠道', 'Channel'],
  'online.loginTime': ['登录时间', 'Signed in at'],
  'online.session': ['会话', 'Session'],
  'online.current': ['当前会话', 'This session'],
  'online.kick': ['强退', 'Kick out'],
  'online.kick.confirm': ['确定强制退出该用户吗？', 'Kick this user out?'],
  'online.kick.done': ['已强制退出', 'Kicked out'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
