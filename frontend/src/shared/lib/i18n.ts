import { create } from 'zustand';
import { lookMessages } from './messages.look';
import { uiMessages } from './messages.ui';
import { apiMessages } from '@/shared/api/messages';

/**
 * The shared interface strings (the frame's, buttons, validation, DECISIONS §2), zh-CN (default,
 * canonical: tests assert these) and en-US. A feature's own strings live in its messages.ts and
 * reach this core through featureMessages (docs/adding-a-feature.md).
 * Keys named in DECISIONS §2 keep their names; compound entries there ("a / b / c") are split
 * into one key per string.
 */
const table = {
  ...uiMessages,
  ...lookMessages,
  ...apiMessages,
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
  'route.batchDetail': ['批量申请详情', 'Batch detail'],
  'route.look': ['详情', 'Detail'],
  'route.messages': ['消息中心', 'Messages'],
  'user.center': ['个人中心', 'Personal center'],
  'breadcrumb.home': ['首页', 'Home'],
  'tab.noName': ['no-name', 'no-name'],
  'tags.refresh': ['刷新', 'Refresh'],
  'tags.close': ['关闭', 'Close'],
  'tags.scrollLeft': ['向左滚动标签', 'Scroll tabs left'],
  'tags.scrollRight': ['向右滚动标签', 'Scroll tabs right'],
  'tags.closeOthers': ['关闭其他', 'Close others'],
  'tags.closeLeft': ['关闭左侧', 'Close to the left'],
  'tags.closeRight': ['关闭右侧', 'Close to the right'],
  'tags.closeAll': ['关闭全部', 'Close all'],
  'fullscreen.unsupported': ['you browser can not work', 'you browser can not work'],
  'layout.search': ['搜索', 'Search'],
  'layout.fullscreen': ['全屏', 'Full screen'],
  'layout.sidebar.collapse': ['收起侧边栏', 'Collapse the sidebar'],
  'layout.sidebar.expand': ['展开侧边栏', 'Expand the sidebar'],
  'settings.saved': ['布局设置成功', 'Layout set successfully'],
  'settings.compilingTheme': ['正在编译主题', 'Compiling theme'],
  'settings.tagsView': ['显示标签', 'Show tabs'],
  'settings.fixedHeader': ['固定头部', 'Fixed header'],
  'settings.sidebarLogo': ['显示Logo', 'Show logo'],
  'settings.uniqueOpened': ['菜单手风琴', 'Unique-open menu'],
  'settings.showFooter': ['显示页脚', 'Show footer'],
  'user.menu.settings': ['布局设置', 'Layout settings'],
  'user.menu.center': ['个人中心', 'Personal center'],
  'user.menu.logout': ['退出登录', 'Log out'],
  'logout.confirm': ['确定注销并退出系统吗？', 'Sure to log out and exit the system?'],
  'pagination.confirm': ['确定', 'Confirm'],
  'pagination.prev': ['上一页', 'Previous'],
  'pagination.next': ['下一页', 'Next'],
  'err.timeout': ['网络请求超时', 'Network request timed out'],
  'err.failed': ['接口请求失败', 'Interface request failed'],
  // the server shed the request under load (503 + Retry-After): nothing was done, try later
  'err.busy': ['系统繁忙，请稍后重试', 'The system is busy, please try again later'],
  'err.expired.title': ['系统提示', 'System hint'],
  'err.expired.body': [
    '登录状态已过期，您可以继续留在该页面，或者重新登录',
    'Login status has expired, you can stay on this page or log in again',
  ],
  // a session an administrator ended (在线用户 or 强制下线): said as such, not as an expiry
  'err.kicked.body': [
    '您已被管理员强制下线，您可以继续留在该页面，或者重新登录',
    'You have been signed out by an administrator, you can stay on this page or log in again',
  ],
  'err.expired.relogin': ['重新登录', 'Re-login'],
  'err.expired.cancel': ['取消', 'Cancel'],
  'v.required': ['该项为必填项，不能为空', 'This is required, cannot be empty'],

  // Repository's own strings
  'common.ok': ['确定', 'OK'],
  'common.cancel': ['取消', 'Cancel'],
  'common.hint': ['提示', 'Hint'],
  'common.loading': ['加载中', 'Loading'],
  'common.later': ['该页面将在后续版本中提供。', 'This page comes in a later version.'],
  'lang.switch': ['English', '中文'],
  'lang.switch.label': ['切换语言', 'Switch language'],
  'layout.userMenu': ['用户菜单', 'User menu'],
  'login.submitting': ['登 录 中...', 'Logging in...'],
  'error.401.title': ['401', '401'],
  'error.404.title': ['404', '404'],
  'profile.nickName': ['用户昵称', 'Nickname'],
  'profile.roles': ['权限', 'Permissions'],
  // System management (issue 4)
  'del.confirm': ['此操作将永久删除该信息, 是否继续?', 'This operation will permanently delete the information, continue?'],
  'del.ok': ['删除成功', 'Deleted successfully'],
  'del.cancelled': ['已取消删除', 'Deletion cancelled'],
  'v.email.required': ['邮箱地址不能为空', 'Email address cannot be empty'],
  'v.email': ['请输入正确的邮箱地址', 'Please enter a correct email address'],
  'v.phone': ['请输入正确的手机号码', 'Please enter a correct mobile number'],
  'v.length': ['长度必须在{min}到{max}个字符之间', 'Length must be {min} to {max} characters'],
  'sys.add': ['新增', 'Add'],
  'sys.edit': ['编辑', 'Edit'],
  'sys.del': ['删除', 'Delete'],
  'sys.more': ['更多', 'More'],
  'sys.actions': ['操作', 'Actions'],
  'sys.saved': ['保存成功', 'Saved'],
  'sys.created': ['新增成功', 'Created'],
  'sys.blurry': ['关键字', 'Keyword'],
  'sys.createTime': ['创建日期', 'Created'],
  'sys.enabled': ['状态', 'Status'],
  'sys.enabled.on': ['激活', 'Active'],
  'sys.enabled.off': ['禁用', 'Disabled'],
  'sys.sort': ['排序', 'Sort'],
  'sys.description': ['描述', 'Description'],
  'user.username': ['用户名', 'Username'],
  'user.nickName': ['昵称', 'Nickname'],
  'user.email': ['邮箱', 'Email'],
  'user.password': ['密码', 'Password'],
  'menu.top': ['顶级类目', 'Top level'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof table;
/** The shared table itself, for the tests that read every string (punctuation.test.ts). */
export const sharedMessages: Messages = table;
export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

const LANGUAGE_KEY = 'language';

/** A table of strings: key → [zh-CN, en-US]. */
export type Messages = Record<string, readonly [string, string]>;
type Vars = Record<string, string | number>;

function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translate(lang: Language, key: MessageKey, vars?: Vars): string {
  return fill(table[key][lang === 'en-US' ? 1 : 0], vars);
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

/**
 * A feature's translators: its own strings (`own`, from its messages.ts) first, then the shared
 * ones. Keys stay typed, so a string missing from both tables is a type error.
 */
export function featureMessages<M extends Messages>(own: M) {
  type Key = MessageKey | (keyof M & string);
  const translateIn = (lang: Language, key: Key, vars?: Vars): string =>
    Object.prototype.hasOwnProperty.call(own, key)
      ? fill(own[key][lang === 'en-US' ? 1 : 0], vars)
      : translate(lang, key as MessageKey, vars);
  const tIn = (key: Key, vars?: Vars): string => translateIn(useLanguage.getState().language, key, vars);
  const useTIn = (): typeof tIn => {
    const language = useLanguage((s) => s.language);
    return (key, vars) => translateIn(language, key, vars);
  };
  return { translate: translateIn, t: tIn, useT: useTIn };
}
