import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the sign-in pages, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'login.username': ['用户名', 'Username'],
  'login.password': ['密码', 'Password'],
  'login.code': ['验证码', 'Captcha'],
  'login.code.refresh': ['看不清？点击图片换一张', 'Click the image for a new one'],
  'login.username.required': ['用户名不能为空', 'Username cannot be empty'],
  'login.password.required': ['密码不能为空', 'Password cannot be empty'],
  'login.code.required': ['验证码不能为空', 'Captcha cannot be empty'],
  'login.remember': ['记住我', 'Remember me'],
  'login.submit': ['登 录', 'Log in'],
  'login.channel.link': ['渠道登录', 'Channel login'],
  'login.staff.link': ['员工登录', 'Staff login'],
  'login.portalRefused': ['门户登录未成功：{reason}，请用账号密码登录', 'Sign-in through the portal failed: {reason}. Please log in with your password'],
  'login.uninitialized': ['系统尚未初始化，请先完成初始化设置。', 'The system is not set up yet.'],
  'login.toInit': ['前往初始化', 'Set it up'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
