import { describe, expect, it } from 'vitest';
import { scheduleText } from './schedule';
import { translate, type JobT } from './messages';

const zh: JobT = (key, vars) => translate('zh-CN', key, vars);
const en: JobT = (key, vars) => translate('en-US', key, vars);

describe('scheduleText', () => {
  it.each([
    ['@every 1m', '每 1 分钟'],
    ['@every 30s', '每 30 秒'],
    ['@every 2h', '每 2 小时'],
    ['@every 1h30m', '每 1 小时 30 分钟'],
    ['@hourly', '每小时'],
    ['@daily', '每天 00:00'],
    ['@midnight', '每天 00:00'],
    ['@weekly', '每周日 00:00'],
    ['@monthly', '每月 1 日 00:00'],
    ['@yearly', '每年 1 月 1 日 00:00'],
    ['0 1 * * *', '每天 01:00'],
    ['30 13 * * *', '每天 13:30'],
    ['*/5 * * * *', '每 5 分钟'],
    ['0 * * * *', '每小时'],
    ['15 * * * *', '每小时第 15 分'],
    ['0 3 * * 1', '每周一 03:00'],
    ['0 3 * * 7', '每周日 03:00'],
    ['0 2 15 * *', '每月 15 日 02:00'],
  ])('%s → %s', (expr, want) => expect(scheduleText(expr, zh)).toBe(want));

  it('keeps what it does not recognise as written', () => {
    for (const expr of ['0 1 * 6 *', '0 1-5 * * *', '@every 1.5h', '@every ', '1 2 3', '0 9 * * 1-5', 'TZ=Asia/Shanghai 0 1 * * *']) {
      expect(scheduleText(expr, zh)).toBe(expr);
    }
  });

  it('speaks English too', () => {
    expect(scheduleText('@every 1m', en)).toBe('Every 1 min');
    expect(scheduleText('0 1 * * *', en)).toBe('Daily at 01:00');
  });
});
