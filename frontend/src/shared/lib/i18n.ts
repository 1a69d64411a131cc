import { create } from 'zustand';
import { uiMessages } from './messages.ui';

/**
 * Every interface string, zh-CN (default, canonical: tests assert these) and en-US.
 * Keys named in DECISIONS §2 keep their names; compound entries there ("a / b / c") are split
 * into one key per string.
 */
const table = {
  ...uiMessages,
  // DECISIONS §2
  'app.title.generic': ['商城', 'Mall'],
  'route.login': ['登录', 'Login'],
  'route.init': ['系统初始化设置', 'System initialisation'],
  'route.newLogin': ['渠道登录', 'Channel login'],
  'route.dashboard': ['数据概览', 'Data overview'],
  'route.profiling': ['数据概览', 'Data overview'],
  'route.formDesign': ['表单绘制', 'Form design'],
  'route.applyForm': ['流程申请', 'Apply'],
  'route.startBatch': ['流程申请（多人）', 'Apply (multiple people)'],
  'route.flowDesign': ['流程绘制', 'Flow design'],
  'route.flowDetail': ['流程详情', 'Flow detail'],
  'route.batchDetail': ['流程详情', 'Batch detail'],
  'route.look': ['详情', 'Detail'],
  'user.center': ['个人中心', 'Personal center'],
  'breadcrumb.home': ['首页', 'Home'],
  'tab.noName': ['no-name', 'no-name'],
  'user.menu.settings': ['布局设置', 'Layout settings'],
  'user.menu.center': ['个人中心', 'Personal center'],
  'user.menu.logout': ['退出登录', 'Log out'],
  'logout.confirm': ['确定注销并退出系统吗？', 'Sure to log out and exit the system?'],
  'pagination.confirm': ['确定', 'Confirm'],
  'err.timeout': ['网络请求超时', 'Network request timed out'],
  'err.failed': ['接口请求失败', 'Interface request failed'],
  'err.expired.title': ['系统提示', 'System hint'],
  'err.expired.body': [
    '登录状态已过期，您可以继续留在该页面，或者重新登录',
    'Login status has expired, you can stay on this page or log in again',
  ],
  'err.expired.relogin': ['重新登录', 'Re-login'],
  'err.expired.cancel': ['取消', 'Cancel'],
  'v.required': ['该项为必填项，不能为空', 'This is required, cannot be empty'],

  // Repository's own strings
  'common.ok': ['确定', 'OK'],
  'common.cancel': ['取消', 'Cancel'],
  'common.hint': ['提示', 'Hint'],
  'common.backHome': ['返回首页', 'Back to home'],
  'common.loading': ['加载中', 'Loading'],
  'common.later': ['该页面将在后续版本中提供。', 'This page comes in a later version.'],
  'lang.switch': ['English', '中文'],
  'lang.switch.label': ['切换语言', 'Switch language'],
  'layout.userMenu': ['用户菜单', 'User menu'],
  'layout.settings.later': ['布局设置面板将在后续版本中提供。', 'The layout settings panel comes in a later version.'],
  'login.username': ['用户名', 'Username'],
  'login.password': ['密码', 'Password'],
  'login.code': ['验证码', 'Captcha'],
  'login.code.refresh': ['看不清？点击图片换一张', 'Click the image for a new one'],
  'login.username.required': ['用户名不能为空', 'Username cannot be empty'],
  'login.password.required': ['密码不能为空', 'Password cannot be empty'],
  'login.code.required': ['验证码不能为空', 'Captcha cannot be empty'],
  'login.remember': ['记住我', 'Remember me'],
  'login.submit': ['登 录', 'Log in'],
  'login.submitting': ['登 录 中...', 'Logging in...'],
  'login.channel.link': ['渠道登录', 'Channel login'],
  'login.staff.link': ['员工登录', 'Staff login'],
  'dashboard.orders': ['订单数', 'Orders'],
  'dashboard.sales': ['销售额', 'Sales'],
  'dashboard.customers': ['新增客户', 'New customers'],
  'dashboard.goods': ['在售商品', 'Goods on sale'],
  'dashboard.pending': ['数据接入后显示实时数字', 'Real figures appear once the data is connected'],
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
  'error.401.title': ['401', '401'],
  'error.401.body': ['抱歉，您无权访问此页面', 'Sorry, you are not allowed to see this page'],
  'error.404.title': ['404', '404'],
  'error.404.body': ['抱歉，您访问的页面不存在', 'Sorry, the page you visited does not exist'],
  'init.initialized': ['系统已完成初始化', 'The system is initialised'],
  'init.notInitialized': ['系统尚未初始化', 'The system is not initialised yet'],
  'init.checking': ['正在检查系统状态', 'Checking the system state'],
  'profile.username': ['用户名', 'Username'],
  'profile.nickName': ['用户昵称', 'Nickname'],
  'profile.email': ['邮箱', 'Email'],
  'profile.phone': ['手机号码', 'Mobile'],
  'profile.dept': ['所属部门', 'Department'],
  'profile.roles': ['权限', 'Permissions'],
  'profile.createTime': ['创建日期', 'Created'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof table;
export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

const LANGUAGE_KEY = 'language';

export function translate(lang: Language, key: MessageKey, vars?: Record<string, string | number>): string {
  const text: string = table[key][lang === 'en-US' ? 1 : 0];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function readLanguage(): Language {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return saved === 'en-US' ? 'en-US' : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

interface LanguageState {
  language: Language;
  setLanguage: (lang: Language) => void;
}

/** The chosen language persists in localStorage (DECISIONS §2). */
export const useLanguage = create<LanguageState>((set) => ({
  language: readLanguage(),
  setLanguage: (language) => {
    try {
      globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
    } catch {
      // storage may be unavailable (privacy mode); the choice then lasts for this page only
    }
    set({ language });
  },
}));

/** Translate outside React (request client, stores). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  return translate(useLanguage.getState().language, key, vars);
}

/** Translate inside React; re-renders when the language changes. */
export function useT(): typeof t {
  const language = useLanguage((s) => s.language);
  return (key, vars) => translate(language, key, vars);
}
