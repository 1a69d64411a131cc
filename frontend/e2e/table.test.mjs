// The data table end to end on a real list (在线用户): search, reset, paging, page size, column
// show/hide with its minimum, selection, export of the selected rows and of everything (the
// downloaded workbooks are opened and read), and delete (kick-out) with confirm and cancel.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';
import { readSheet } from './xlsx.mjs';

const ctx = suite();
const { skip } = ctx;
let downloads;
before(() => {
  downloads = mkdtempSync(join(tmpdir(), 'mall-e2e-xlsx-'));
});
after(() => rmSync(downloads, { recursive: true, force: true }));

async function apiLogin(username, password) {
  const res = await fetch(`${ctx.stack.bffURL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
  assert.equal(res.status, 200, `API sign-in of ${username}`);
}

async function saveDownload(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), rows: readSheet(file) };
}

const bodyRows = (page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('在线用户 on the data table: search, reset, page, size, columns, selection, export, delete', { skip }, async () => {
  const { stack, browser } = ctx;
  // 11 more sessions of staff and 2 of channel: with the browser's own, 14 rows, two pages of 10
  for (let i = 0; i < 11; i++) await apiLogin('staff', stack.passwords.demo);
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${stack.bffURL}/background/common/tj/login`, {
      method: 'POST', body: new URLSearchParams({ username: 'channel', password: stack.passwords.demo }),
    });
    assert.equal(res.status, 200);
  }
  const page = await newPage(browser, { viewport: { width: 1500, height: 900 } });
  await page.goto(`${stack.bffURL}/system/online`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/system\/online$/);
  await page.getByText('共 14 条').waitFor();
  assert.equal(await bodyRows(page).count(), 10, 'page 1 holds 10 rows');
  assert.equal(await page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').nth(1).innerText(), '1', 'serial numbers start at 1');
  await screenshot(page, 'table-01-online-page1');

  // page 2, then 20 per page
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 4);
  assert.equal(await bodyRows(page).first().locator('td').nth(1).innerText(), '11', 'serial numbers go on on page 2');
  // the jumper with its 确定 button is there while there are several pages
  await page.locator('.ant-pagination-options-quick-jumper').getByRole('button', { name: /确\s*定/ }).waitFor();
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.getByTitle('20 条/页').click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 14);

  // search: back to page 1 of 10
  await page.getByRole('textbox', { name: '用户名' }).fill('channel');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByText('共 2 条').waitFor();
  await page.locator('.ant-pagination-options .ant-select-selection-item').getByText('10 条/页').waitFor();
  // reset: everything again, page 1 of 10
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await page.getByText('共 14 条').waitFor();
  assert.equal(await page.getByRole('textbox', { name: '用户名' }).inputValue(), '');
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 10);

  // columns: hiding all is refused with 请至少选择一列; hiding 登录IP takes it away
  await page.getByRole('button', { name: '列设置' }).click();
  const settings = page.locator('.data-table-column-setting');
  await settings.waitFor();
  await settings.getByRole('checkbox', { name: '列展示' }).uncheck().catch(() => undefined);
  await page.getByText('请至少选择一列').waitFor();
  await screenshot(page, 'table-02-min-column');
  assert.equal(await page.getByRole('columnheader', { name: '用户名' }).count(), 1, 'the columns stay');
  await settings.getByRole('checkbox', { name: '登录IP' }).uncheck();
  await page.getByRole('columnheader', { name: '登录IP' }).waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await page.getByRole('columnheader', { name: '用户名' }).click({ position: { x: 5, y: 5 } });

  // export selected: two channel rows
  await page.getByRole('textbox', { name: '用户名' }).fill('channel');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByText('共 2 条').waitFor();
  for (const row of await bodyRows(page).all()) await row.getByRole('checkbox').check();
  await page.getByText('已选择 2 项').waitFor();
  await screenshot(page, 'table-03-selected');
  const selected = await saveDownload(page, () => page.getByRole('button', { name: /导出选中/ }).click());
  assert.equal(selected.name, '在线用户数据.xlsx');
  assert.deepEqual(selected.rows[0], ['用户名', '用户昵称', '部门', '浏览器', '类型', '登录时间'], 'headers without the hidden IP column');
  assert.equal(selected.rows.length, 3);
  assert.deepEqual(selected.rows.slice(1).map((r) => [r[0], r[2], r[4]]), [['channel', '渠道部', '渠道'], ['channel', '渠道部', '渠道']]);

  // export all with the current filter, then without
  const filtered = await saveDownload(page, () => page.getByRole('button', { name: /导出全部/ }).click());
  assert.equal(filtered.rows.length, 3, 'all rows of the channel filter');
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await page.getByText('共 14 条').waitFor();
  const all = await saveDownload(page, () => page.getByRole('button', { name: /导出全部/ }).click());
  assert.equal(all.rows.length, 15, 'header + 14 sessions');
  assert.deepEqual(all.rows.slice(1).map((r) => r[0]).sort(), ['admin', ...Array(2).fill('channel'), ...Array(11).fill('staff')]);

  // delete = 强退 (kick-out): cancel keeps the row, confirm removes it
  await page.getByRole('textbox', { name: '用户名' }).fill('channel');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByText('共 2 条').waitFor();
  const channelRow = () => bodyRows(page).filter({ has: page.getByRole('cell', { name: 'channel', exact: true }) }).first();
  await channelRow().getByRole('button', { name: '强退' }).click();
  let dialog = page.getByRole('dialog').filter({ hasText: '确定强制退出该用户吗？' });
  await dialog.getByRole('button', { name: /确\s*定/ }).waitFor();
  await page.waitForTimeout(400); // the opening animation, for the screenshot
  await screenshot(page, 'table-04-delete-confirm');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await page.getByText('已取消删除').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await bodyRows(page).count(), 2, 'cancel keeps the row');
  await channelRow().getByRole('button', { name: '强退' }).click();
  dialog = page.getByRole('dialog').filter({ hasText: '确定强制退出该用户吗？' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('已强制退出').waitFor();
  await page.getByText('共 1 条').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // notices close by themselves (3 s), none is left behind
  await page.waitForFunction(() => document.querySelectorAll('.ant-message-notice').length === 0, null, { timeout: 8000 });
  await screenshot(page, 'table-05-deleted');
  noErrors(page);
  await page.context().close();
});
