import { create } from 'zustand';
import { lookMessages } from './messages.look';
import { uiMessages } from './messages.ui';
import { centerMessages } from './messages.center';
import { workflowMessages } from './messages.workflow';

/**
 * Every interface string, zh-CN (default, canonical: tests assert these) and en-US.
 * Keys named in DECISIONS §2 keep their names; compound entries there ("a / b / c") are split
 * into one key per string.
 */
const table = {
  ...uiMessages,
  ...lookMessages,
  ...centerMessages,
  ...workflowMessages,
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
  'tags.refresh': ['刷新', 'Refresh'],
  'tags.close': ['关闭', 'Close'],
  'tags.closeOthers': ['关闭其他', 'Close others'],
  'tags.closeAll': ['关闭全部', 'Close all'],
  'fullscreen.unsupported': ['you browser can not work', 'you browser can not work'],
  'layout.search': ['搜索', 'Search'],
  'layout.fullscreen': ['全屏', 'Full screen'],
  'settings.saved': ['布局设置成功', 'Layout set successfully'],
  'settings.compilingTheme': ['正在编译主题', 'Compiling theme'],
  'settings.tagsView': ['显示标签', 'Show tabs'],
  'settings.fixedHeader': ['固定头部', 'Fixed header'],
  'settings.sidebarLogo': ['显示Logo', 'Show logo'],
  'settings.uniqueOpened': ['菜单手风琴', 'Unique-open menu'],
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
  'sys.actions': ['操作', 'Actions'],
  'sys.saved': ['保存成功', 'Saved'],
  'sys.created': ['新增成功', 'Created'],
  'sys.blurry': ['关键字', 'Keyword'],
  'sys.createTime': ['创建日期', 'Created'],
  'sys.enabled': ['状态', 'Status'],
  'sys.enabled.on': ['激活', 'Active'],
  'sys.enabled.off': ['禁用', 'Disabled'],
  'sys.dept': ['部门', 'Department'],
  'sys.sort': ['排序', 'Sort'],
  'sys.description': ['描述', 'Description'],
  'user.title': ['用户管理', 'Users'],
  'user.username': ['用户名', 'Username'],
  'user.nickName': ['昵称', 'Nickname'],
  'user.gender': ['性别', 'Gender'],
  'user.gender.m': ['男', 'Male'],
  'user.gender.f': ['女', 'Female'],
  'user.email': ['邮箱', 'Email'],
  'user.phone': ['电话', 'Phone'],
  'user.roles': ['角色', 'Roles'],
  'user.password': ['密码', 'Password'],
  'user.resetPwd': ['重置密码', 'Reset password'],
  'user.resetPwd.done': ['密码已重置', 'Password reset'],
  'role.title': ['角色管理', 'Roles'],
  'role.name': ['角色名称', 'Role name'],
  'role.level': ['角色级别', 'Level'],
  'role.dataScope': ['数据权限', 'Data scope'],
  'role.scope.all': ['全部', 'All'],
  'role.scope.dept': ['本级', 'Own department'],
  'role.scope.custom': ['自定义', 'Custom'],
  'role.depts': ['数据范围', 'Departments'],
  'role.menus': ['菜单分配', 'Menus'],
  'menu.title': ['菜单管理', 'Menus'],
  'menu.name': ['菜单标题', 'Title'],
  'menu.type': ['菜单类型', 'Type'],
  'menu.type.dir': ['目录', 'Directory'],
  'menu.type.menu': ['菜单', 'Page'],
  'menu.type.button': ['按钮', 'Button'],
  'menu.parent': ['上级类目', 'Parent'],
  'menu.top': ['顶级类目', 'Top level'],
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
  'dept.title': ['部门管理', 'Departments'],
  'dept.name': ['部门名称', 'Name'],
  'dept.parent': ['上级部门', 'Parent'],
  'dict.title': ['字典管理', 'Dictionaries'],
  'dict.name': ['字典名称', 'Name'],
  'dict.details': ['字典详情', 'Entries'],
  'dict.pick': ['点击字典查看详情', 'Click a dictionary to see its entries'],
  'dict.label': ['字典标签', 'Label'],
  'dict.value': ['字典值', 'Value'],
  'log.title': ['操作日志', 'Operation log'],
  'log.username': ['用户名', 'User'],
  'log.method': ['请求方法', 'Method'],
  'log.path': ['请求路径', 'Path'],
  'log.ip': ['IP来源', 'IP'],
  'log.browser': ['浏览器', 'Browser'],
  'log.status': ['结果', 'Result'],
  'log.ok': ['成功', 'Succeeded'],
  'log.fail': ['失败', 'Failed'],
  'log.time': ['耗时(ms)', 'Time (ms)'],
  'online.kick': ['强退', 'Kick out'],
  'online.kick.confirm': ['确定强制退出该用户吗？', 'Kick this user out?'],
  'online.kick.done': ['已强制退出', 'Kicked out'],
  'init.admin': ['管理员账号', 'Administrator'],
  'init.shop': ['商城基本设置', 'Shop settings'],
  'init.shopName': ['商城名称', 'Shop name'],
  'init.shopPhone': ['联系电话', 'Phone'],
  'init.shopAddress': ['地址', 'Address'],
  'init.shopIntro': ['店铺简介', 'Shop introduction'],
  'init.introNeedsLogin': ['上传图片需要先用初始管理员密码登录', 'Sign in with the initial administrator password to upload pictures'],
  'init.confirm': ['确认密码', 'Confirm password'],
  'init.mismatch': ['两次输入的密码不一致', 'The passwords differ'],
  'init.submit': ['完成初始化', 'Finish'],
  'init.done': ['初始化完成，请登录', 'Done, please sign in'],
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
