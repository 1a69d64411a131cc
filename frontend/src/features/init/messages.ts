import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the system initialisation, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'init.initialized': ['系统已完成初始化', 'The system is initialised'],
  'init.notInitialized': ['系统尚未初始化', 'The system is not initialised yet'],
  'init.checking': ['正在检查系统状态', 'Checking the system state'],
  'init.admin': ['管理员账号', 'Administrator'],
  'init.token': ['初始化令牌', 'Setup token'],
  'init.tokenHelp': ['BFF首次启动时打印在日志中的令牌（或BFF_SETUP_TOKEN）', 'Printed in the BFF log at its first start (or BFF_SETUP_TOKEN)'],
  'init.shop': ['商城基本设置', 'Shop settings'],
  'init.shopName': ['商城名称', 'Shop name'],
  'init.shopPhone': ['联系电话', 'Phone'],
  'init.shopAddress': ['地址', 'Address'],
  'init.shopIntro': ['店铺简介', 'Shop introduction'],
  'init.introNeedsLogin': ['上传图片需要先用初始管理员密码登录', 'Sign in with the initial administrator password to upload pictures'],
  'init.confirm': ['确认密码', 'Confirm password'],
  'init.mismatch': ['两次输入的密码不一致', 'The passwords differ'],
  'init.submit': ['完成初始化', 'Finish'],
  'init.done': ['初始化完成，已为您登录', 'Set up; you are signed in'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
