// A date typed without a time in a date-time range (日志's 创建时间): Enter takes it as the day's
// first second for the start and its last for the end, and the search sends those.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { noErrors, signIn } from './flows.mjs';

const s = suite();

test('日志: dates typed without a time are searched from 00:00:00 to 23:59:59', { skip: s.skip, timeout: 120_000 }, async () => {
  const { stack, browser } = s;
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(`${stack.bffURL}/system/log`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/system\/log$/);
  const start = page.getByPlaceholder('开始日期');
  if (!(await start.isVisible())) await page.getByText('展开').first().click();
  await start.click();
  await start.pressSequentially('2026-01-01');
  await start.press('Enter');
  const end = page.getByPlaceholder('结束日期');
  await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === '结束日期');
  await end.pressSequentially('2026-01-02');
  await end.press('Enter');
  assert.equal(await start.inputValue(), '2026-01-01 00:00:00');
  assert.equal(await end.inputValue(), '2026-01-02 23:59:59');
  await screenshot(page, 'typeddate-log-range');
  const [listed] = await Promise.all([
    page.waitForResponse((r) => /\/api\/logs\?/.test(r.url())),
    page.getByRole('button', { name: /查\s*询/ }).click(),
  ]);
  const q = new URL(listed.url()).searchParams;
  assert.deepEqual(q.getAll('createTime'), ['2026-01-01 00:00:00', '2026-01-02 23:59:59']);
  noErrors(page);
  await page.context().close();
});
