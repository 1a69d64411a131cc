import { describe, expect, it, vi } from 'vitest';
import { translate, type MessageKey } from './i18n';

/**
 * DECISIONS §2 as written there: key, zh-CN, en-US. A compound row ("a / b / c") is split here
 * into the keys that hold its parts, in its order. `null` for en-US: DECISIONS gives "…" (our
 * English must then exist and not be Chinese); `'same'`: "(same text)", the zh-CN text.
 */
const DECISIONS_2: readonly [keys: MessageKey[], zh: string, en: string | null][] = [
  [['app.title.generic'], '商城', 'Mall'],
  [['route.login', 'route.init', 'route.newLogin'], '登录 / 系统初始化设置 / 渠道登录', 'Login / System initialisation / Channel login'],
  [['route.dashboard'], '数据概览', 'Data overview'],
  [['route.profiling'], '数据概览', 'Data overview'],
  [['route.formDesign', 'route.applyForm', 'route.startBatch'], '表单绘制 / 流程申请 / 流程申请（多人）', 'Form design / Apply / Apply (multiple people)'],
  [['route.flowDesign', 'route.flowDetail', 'route.batchDetail'], '流程绘制 / 流程详情 / 批量申请详情', 'Flow design / Flow detail / Batch detail'],
  [['route.look', 'user.center'], '详情 / 个人中心', 'Detail / Personal center'],
  [['breadcrumb.home'], '首页', 'Home'],
  [['tab.noName'], 'no-name', 'no-name'],
  [['user.menu.settings', 'user.menu.center', 'user.menu.logout'], '布局设置 / 个人中心 / 退出登录', 'Layout settings / Personal center / Log out'],
  [['logout.confirm'], '确定注销并退出系统吗？', 'Sure to log out and exit the system?'],
  [['tags.refresh', 'tags.close', 'tags.closeOthers', 'tags.closeAll'], '刷新 / 关闭 / 关闭其他 / 关闭全部', 'Refresh / Close / Close others / Close all'],
  [['settings.saved'], '布局设置成功', 'Layout set successfully'],
  [['settings.compilingTheme'], '正在编译主题', 'Compiling theme'],
  [['fullscreen.unsupported'], 'you browser can not work', 'same'],
  [['pagination.confirm'], '确定', 'Confirm'],
  [['err.timeout'], '网络请求超时', 'Network request timed out'],
  [['err.failed'], '接口请求失败', 'Interface request failed'],
  [['err.busy'], '系统繁忙，请稍后重试', 'The system is busy, please try again later'],
  [['err.expired.title'], '系统提示', 'System hint'],
  [['err.expired.body'], '登录状态已过期，您可以继续留在该页面，或者重新登录', 'Login status has expired, you can stay on this page or log in again'],
  [['err.expired.relogin', 'err.expired.cancel'], '重新登录 / 取消', 'Re-login / Cancel'],
  [['del.confirm'], '此操作将永久删除该信息, 是否继续?', 'This operation will permanently delete the information, continue?'],
  [['del.ok', 'del.cancelled'], '删除成功 / 已取消删除', 'Deleted successfully / Deletion cancelled'],
  [['v.email.required', 'v.email'], '邮箱地址不能为空 / 请输入正确的邮箱地址', null],
  [['v.phone', 'v.idcard', 'v.ip'], '请输入正确的手机号码 / 请输入正确的身份证号码 / 请输入正确的IP地址', null],
  [['v.required'], '该项为必填项，不能为空', 'This is required, cannot be empty'],
  [['ph.input', 'ph.select'], '请输入{label} / 请选择{label}', 'Please enter {label} / Please select {label}'],
  [['table.minColumn'], '请至少选择一列', 'Please select at least one column'],
  [['upload.tooBig'], '上传图片大小不能超过 {n} MB!', 'Uploaded picture size cannot exceed {n} MB'],
  [['upload.limit.title', 'upload.limit.body'], '提示 / 最多只能上传{n}个文件，如需上传多个文件，请打包成一个压缩包一起上传', null],
  [['upload.tip'], '最多上传5张图片，每张不超过5MB', 'At most 5 images, each at most 5MB'],
  [['dict.missing'], 'need Dict names', 'same'],
  [['time.justNow', 'time.minutesAgo', 'time.hoursAgo', 'time.dayAgo'], '刚刚 / {n}分钟前 / {n}小时前 / 1天前', null],
  [['weekday.0', 'weekday.1', 'weekday.2', 'weekday.3', 'weekday.4', 'weekday.5', 'weekday.6'], '日 一 二 三 四 五 六', null],
  [['export.file'], '{title}数据.xlsx', '{title}数据.xlsx'],
];

/** The parts of a compound cell: " / " between them (weekdays: a space). */
const parts = (cell: string, n: number) => (n === 1 ? [cell] : cell.includes(' / ') ? cell.split(' / ') : cell.split(' '));
const CHINESE = /[\u4e00-\u9fff]/;

describe('the i18n table holds every string of DECISIONS §2', () => {
  for (const [keys, zh, en] of DECISIONS_2) {
    it(keys.join(' / '), () => {
      const zhParts = parts(zh, keys.length);
      expect(zhParts).toHaveLength(keys.length);
      keys.forEach((key, i) => expect(translate('zh-CN', key)).toBe(zhParts[i]));
      if (en === 'same') {
        keys.forEach((key) => expect(translate('en-US', key)).toBe(zh));
      } else if (en !== null) {
        const enParts = parts(en, keys.length);
        expect(enParts).toHaveLength(keys.length);
        keys.forEach((key, i) => expect(translate('en-US', key)).toBe(enParts[i]));
      } else {
        for (const key of keys) {
          const text = translate('en-US', key);
          expect(text.trim(), key).not.toBe('');
          expect(text, key).not.toMatch(CHINESE);
        }
      }
    });
  }

  it('the "…" rows have the English of their pattern', () => {
    expect(translate('en-US', 'upload.limit.title')).toBe('Hint');
    expect(translate('en-US', 'upload.limit.body', { n: 3 })).toMatch(/^At most 3 files/);
    expect(translate('en-US', 'time.justNow')).toBe('just now');
    expect(translate('en-US', 'time.minutesAgo', { n: 5 })).toBe('5 minutes ago');
    expect(['0', '1', '2', '3', '4', '5', '6'].map((d) => translate('en-US', `weekday.${d}` as MessageKey))).toEqual([
      'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat',
    ]);
  });

  it('placeholders are filled in both languages', () => {
    expect(translate('zh-CN', 'ph.input', { label: '用户名' })).toBe('请输入用户名');
    expect(translate('en-US', 'ph.select', { label: 'Roles' })).toBe('Please select Roles');
  });
});

describe('the chosen language', () => {
  it('persists in localStorage and is read back on the next load', async () => {
    const { useLanguage } = await import('./i18n');
    useLanguage.getState().setLanguage('en-US');
    expect(localStorage.getItem('language')).toBe('en-US');
    vi.resetModules();
    const again = await import('./i18n');
    expect(again.useLanguage.getState().language).toBe('en-US');
    expect(again.t('breadcrumb.home')).toBe('Home');
    again.useLanguage.getState().setLanguage('zh-CN');
    useLanguage.getState().setLanguage('zh-CN');
    vi.resetModules();
    expect((await import('./i18n')).useLanguage.getState().language).toBe('zh-CN');
  });

  it('names weekdays in it', async () => {
    const { useLanguage } = await import('./i18n');
    const { weekdayName } = await import('./time');
    useLanguage.getState().setLanguage('en-US');
    try {
      expect(weekdayName(new Date(2026, 10, 22))).toBe('Sun');
    } finally {
      useLanguage.getState().setLanguage('zh-CN');
    }
    expect(weekdayName(new Date(2026, 10, 22))).toBe('星期日');
  });
});
