// 订单管理 as the shop uses it: an order shipped by hand in the dialog (its status and the tab
// counts follow), others shipped by the express import with a bad row in the result dialog, the
// moves a status does not allow not offered, the template and the error list downloaded; once
// standalone and once inside the host portal at /monomer. Orders are made by the shop's own code
// (bff/cmd/shopfixture) in this stack's database, under order numbers no other data has.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, newPage, screenshot } from './harness.mjs';
import { besidePinnedActions, pickAgency, shopFixture } from './shopfixture.mjs';
import { signIn, noErrors } from './flows.mjs';
import { readSheet } from './xlsx.mjs';

const s = suite({ portal: true });
let work;
let fixture;

before(() => {
  if (s.skip) return;
  work = mkdtempSync(join(tmpdir(), 'mall-e2e-orders-'));
  fixture = shopFixture(work);
});
after(() => work && rmSync(work, { recursive: true, force: true }));

/** Creates orders <prefix>unpaid1, <prefix>paid1…3, <prefix>shipped1 in the stack's database. */
function makeOrders(prefix) {
  const out = execFileSync(fixture, ['-db', join(s.stack.dataDir, 'bff.db'), '-prefix', prefix, '-unpaid', '1', '-paid', '3', '-shipped', '1']);
  return JSON.parse(String(out));
}

/** Writes an import sheet of rows below the header 订单号 | 快递公司 | 快递单号. */
function importSheet(name, rows) {
  const file = join(work, name);
  execFileSync(fixture, ['-sheet', file, '-rows', JSON.stringify(rows)]);
  return file;
}

async function saveDownload(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = join(work, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), rows: readSheet(file) };
}

/** Waits until the page's finite animations (a dialog zooming in) have finished, for a screenshot; a spinner never does. */
const settled = (page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

const rowOf = (scope, orderNo) => scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo });
const tab = (scope, name) => scope.getByRole('tab', { name, exact: true });

/** Waits for an order's 快递 cell: the company above its tracking number. */
async function expressShown(scope, orderNo, company, trackingNo) {
  const row = rowOf(scope, orderNo);
  await row.getByText(trackingNo, { exact: true }).waitFor();
  await row.getByText(company, { exact: true }).waitFor();
}

/** Ships one order by hand: 发货, the company from the dictionary, the tracking number. */
async function shipByHand(page, scope, orderNo, trackingNo) {
  await rowOf(scope, orderNo).getByRole('button', { name: '发货' }).click();
  const dialog = scope.getByRole('dialog').filter({ hasText: `发货：${orderNo}` });
  await dialog.getByRole('combobox', { name: '快递公司' }).click();
  await scope.locator('.ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
  await dialog.getByLabel('快递单号').fill(trackingNo);
  return dialog;
}

/** Uploads sheet through 导入快递单号 and waits for the result dialog. */
async function importFile(page, scope, sheet) {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/background/xf/order/expressImport')),
    scope.locator('input[type=file][accept=".xlsx"]').setInputFiles(sheet),
  ]);
  assert.equal(res.status(), 200, await res.text());
  const dialog = scope.getByRole('dialog').filter({ hasText: '导入结果' });
  await dialog.waitFor();
  return dialog;
}

test('standalone: filter, ship by hand, import with a bad row, template and errors, illegal moves not offered', { skip: s.skip, timeout: 240_000 }, async () => {
  const { stack, browser } = s;
  makeOrders('E2ES');
  execFileSync(fixture, ['-db', join(stack.dataDir, 'bff.db'), '-prefix', 'E2EH', '-agency', 'HZYQ', '-paid', '1']);
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(`${stack.bffURL}/login`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);

  // 商城 → 订单管理 from the sidebar, then the order number filter.
  await page.locator('.ant-layout-sider, .ant-pro-sider').getByText('商城', { exact: true }).click();
  await page.locator('.ant-layout-sider, .ant-pro-sider').getByText('订单管理', { exact: true }).click();
  await page.waitForURL(/\/mall\/order$/);

  // 渠道: picked by name (typing searches the agencies); the row shows the name, a link to the agency.
  await page.getByLabel('订单号').waitFor(); // the query bar is its own chunk
  await page.getByText('展开').first().click(); // 渠道 is the third field, folded at first
  const option = await pickAgency(page, '杭州', '杭州云栖商贸有限公司', { pick: false });
  await settled(page);
  await screenshot(page, 'orders-00-agency-picker');
  await option.click();
  const [listed] = await Promise.all([
    page.waitForResponse((r) => /\/api\/orders\?/.test(r.url())),
    page.getByRole('button', { name: /查\s*询/ }).click(),
  ]);
  assert.match(listed.url(), /agencyId=\d+/, 'the filter sends the agency\'s id');
  await tab(page, '全部 (1)').waitFor();
  await rowOf(page, 'E2EHpaid1').getByRole('link', { name: '杭州云栖商贸有限公司' }).waitFor();
  await page.getByRole('button', { name: /重\s*置/ }).click();

  await page.getByLabel('订单号').fill('E2ES');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await tab(page, '全部 (5)').waitFor();
  await tab(page, '待付款 (1)').waitFor();
  await tab(page, '待发货 (3)').waitFor();

  // The searched filter and the tab are in the URL: a reload keeps both, back returns to 全部.
  await page.waitForURL(/\/mall\/order\?orderNo=E2ES$/);
  await tab(page, '待发货 (3)').click();
  await page.waitForURL(/\/mall\/order\?orderNo=E2ES&status=paid$/);
  await page.reload();
  await tab(page, '待发货 (3)').waitFor();
  assert.equal(await tab(page, '待发货 (3)').getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByLabel('订单号').inputValue(), 'E2ES');
  await settled(page);
  await screenshot(page, 'orders-00-reloaded-tab-and-filter');
  await page.goBack();
  await page.waitForURL(/\/mall\/order\?orderNo=E2ES$/);
  await tab(page, '全部 (5)').waitFor();
  await page.waitForFunction(() => document.querySelector('.ant-tabs-tab-active')?.textContent?.startsWith('全部'));
  await tab(page, '已发货 (1)').waitFor();
  await rowOf(page, 'E2ESpaid3').waitFor();
  const amount = rowOf(page, 'E2ESpaid2').locator('td').filter({ hasText: '¥268.00' });
  assert.equal(await amount.evaluate((td) => getComputedStyle(td).textAlign), 'right', 'money is right-aligned');
  assert.match(await rowOf(page, 'E2ESpaid1').innerText(), /138\*\*\*\*1234/, 'the phone is masked');
  await rowOf(page, 'E2ESpaid1').getByText('自营', { exact: true }).waitFor();
  await screenshot(page, 'orders-01-list');

  // Only the moves a status allows are offered; 修改备注 (order:edit) in 更多 on every row.
  const buttons = async (orderNo) =>
    (await rowOf(page, orderNo).locator('td').last().getByRole('button').allInnerTexts()).map((b) => b.replace(/\s/g, ''));
  assert.deepEqual(await buttons('E2ESunpaid1'), ['详情', '关闭', '更多']);
  assert.deepEqual(await buttons('E2ESpaid1'), ['详情', '发货', '退款', '更多']);
  assert.deepEqual(await buttons('E2ESshipped1'), ['详情', '完成', '更多']);

  // 修改备注: the dialog holds the remark; saving says so
  await rowOf(page, 'E2ESunpaid1').locator('td').last().getByRole('button', { name: /更\s*多/ }).click();
  await page.getByRole('menuitem', { name: '修改备注' }).click();
  const remark = page.getByRole('dialog').filter({ hasText: '修改备注' });
  await remark.getByLabel('备注').fill('周末送货');
  await remark.getByRole('button', { name: /确\s*定/ }).click();
  await page.locator('.ant-message').getByText('操作成功').waitFor();
  await remark.waitFor({ state: 'detached' });

  // 发货 by hand: the dialog checks the tracking number, the server ships, status and tabs follow.
  const dialog = await shipByHand(page, page, 'E2ESpaid1', 'SF 1');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.getByText('只能包含字母、数字和-').waitFor();
  await dialog.getByLabel('快递单号').fill('SF-E2E-001');
  await settled(page);
  await screenshot(page, 'orders-02-ship-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.locator('.ant-message').getByText('已发货').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await tab(page, '待发货 (2)').waitFor();
  await tab(page, '已发货 (2)').waitFor();
  await expressShown(page, 'E2ESpaid1', '顺丰速运', 'SF-E2E-001');
  // at 1366 px the tracking number is in the first screen, left of the pinned 操作 column, and
  // its copy button copies it
  const number = rowOf(page, 'E2ESpaid1').getByText('SF-E2E-001', { exact: true });
  const shown = await besidePinnedActions(page, number);
  assert.ok(shown.end <= shown.pinned, `the number ends at ${shown.end}, 操作 starts at ${shown.pinned}`);
  await number.getByRole('button', { name: '复制' }).click();
  await page.getByRole('tooltip').getByText('复制成功').waitFor();
  assert.deepEqual(await buttons('E2ESpaid1'), ['详情', '完成', '更多']);

  // The template beside the button holds the header row.
  const tpl = await saveDownload(page, () => page.getByRole('button', { name: '下载模板' }).click());
  assert.equal(tpl.name, '快递单号导入模板.xlsx');
  assert.deepEqual(tpl.rows, [['订单号', '快递公司', '快递单号']]);

  // The import: two good rows ship, the unpaid order and an unknown one are listed with their row.
  const sheet = importSheet('ship.xlsx', [
    ['E2ESpaid2', '顺丰速运', 'SFE2E2'],
    ['E2ESunpaid1', 'SF', 'SFE2E3'],
    ['E2ESpaid3', 'ZTO', 'ZTE2E4'],
    ['NOPE-E2E', 'SF', 'SFE2E5'],
  ]);
  const result = await importFile(page, page, sheet);
  assert.match(await result.innerText(), /总行数\s+4\s+成功发货\s+2\s+失败\s+2/);
  await result.getByRole('row').filter({ hasText: '订单状态为待付款，不是待发货' }).filter({ hasText: 'E2ESunpaid1' }).getByRole('cell', { name: '3', exact: true }).waitFor();
  await result.getByRole('row').filter({ hasText: '订单不存在或不在您的数据范围内' }).getByRole('cell', { name: '5', exact: true }).waitFor();
  await settled(page);
  await screenshot(page, 'orders-03-import-result');
  const errs = await saveDownload(page, () => result.getByRole('button', { name: '下载错误数据' }).click());
  assert.equal(errs.name, '快递单号导入错误.xlsx');
  assert.deepEqual(errs.rows, [['行号', '订单号', '原因'], ['3', 'E2ESunpaid1', '订单状态为待付款，不是待发货'], ['5', 'NOPE-E2E', '订单不存在或不在您的数据范围内']]);
  await result.getByRole('button', { name: /确\s*定/ }).click();
  await tab(page, '待发货 (0)').waitFor();
  await tab(page, '已发货 (4)').waitFor();

  // A renamed file is refused with the reason, and nothing changes.
  const [bad] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/background/xf/order/expressImport')),
    page.locator('input[type=file][accept=".xlsx"]').setInputFiles({ name: '发货.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('MZ\x90\x00 not a workbook') }),
  ]);
  assert.equal(bad.status(), 400);
  await page.getByText('文件不是 xlsx 表格，请使用导入模板').first().waitFor();
  // Chromium logs the refused upload as a console error: the one this test provoked
  const provoked = page.errors.filter((e) => /status of 400/.test(e));
  assert.equal(provoked.length, 1, `one refused upload: ${page.errors}`);
  page.errors = page.errors.filter((e) => !/status of 400/.test(e));

  // A link with filters (as the dashboard's 待发货 opens the list) shows them.
  await page.goto(`${stack.bffURL}/mall/order?status=shipped&orderNo=E2ES`);
  await tab(page, '已发货 (4)').waitFor();
  assert.equal(await tab(page, '已发货 (4)').getAttribute('aria-selected'), 'true');
  await expressShown(page, 'E2ESpaid3', '中通快递', 'ZTE2E4');
  assert.equal(await page.locator('.ant-table-tbody tr.ant-table-row').count(), 4);
  await screenshot(page, 'orders-04-shipped-tab');
  noErrors(page);
  await page.context().close();
});

test('inside the portal at /monomer: ship by hand and by import', { skip: s.skip, timeout: 240_000 }, async () => {
  const { stack, browser } = s;
  makeOrders('E2EM');
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(`${stack.portalURL}/`);
  await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
  await page.waitForURL(/\/monomer\/login/);
  const app = page.locator('#subapp');
  await signIn(app, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/monomer\/dashboard$/);
  await app.locator('.ant-layout-sider, .ant-pro-sider').getByText('商城', { exact: true }).click();
  await app.locator('.ant-layout-sider, .ant-pro-sider').getByText('订单管理', { exact: true }).click();
  await page.waitForURL(/\/monomer\/mall\/order$/);
  await app.getByLabel('订单号').fill('E2EM');
  await app.getByRole('button', { name: /查\s*询/ }).click();
  await tab(app, '待发货 (3)').waitFor();

  const dialog = await shipByHand(page, app, 'E2EMpaid1', 'SFM001');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'detached' });
  await tab(app, '待发货 (2)').waitFor();
  await rowOf(app, 'E2EMpaid1').getByText('已发货').waitFor();

  const result = await importFile(page, app, importSheet('monomer.xlsx', [['E2EMpaid2', 'SF', 'SFM002'], ['E2EMpaid3', '火星快递', 'SFM003']]));
  await result.getByRole('cell', { name: '快递公司不在字典「快递公司」中' }).waitFor();
  assert.match(await result.innerText(), /总行数\s+2\s+成功发货\s+1\s+失败\s+1/);
  await settled(page);
  await screenshot(page, 'orders-05-monomer-import');
  await result.getByRole('button', { name: /确\s*定/ }).click();
  await tab(app, '待发货 (1)').waitFor();
  await tab(app, '已发货 (3)').waitFor();
  noErrors(page);
  await page.context().close();
});

test('a channel operator sees, ships and imports only their own agency\'s goods and orders', { skip: s.skip, timeout: 180_000 }, async () => {
  const { stack, browser } = s;
  const agencyShop = (prefix, agency) =>
    execFileSync(fixture, ['-db', join(stack.dataDir, 'bff.db'), '-prefix', prefix, '-agency', agency, '-goods', '1', '-paid', '2']);
  agencyShop('CHA', 'HZYQ'); // the demo channel operator's agency
  agencyShop('CHB', 'CDJC');
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(`${stack.bffURL}/newLogin`);
  await signIn(page, 'channel', stack.passwords.demo);
  await page.waitForURL(/\/dashboard$/);

  // 商城 is in the channel operator's menu; 商品管理 lists their agency's goods alone.
  await page.locator('.ant-layout-sider, .ant-pro-sider').getByText('商城', { exact: true }).click();
  await page.locator('.ant-layout-sider, .ant-pro-sider').getByText('商品管理', { exact: true }).click();
  await page.waitForURL(/\/mall\/goods$/);
  await page.getByLabel('名称/编码').fill('CH');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const goodsRows = page.locator('.ant-table-tbody tr.ant-table-row');
  await goodsRows.filter({ hasText: 'CHAG1' }).waitFor();
  assert.equal(await goodsRows.count(), 1, 'only the own agency\'s goods');
  await screenshot(page, 'orders-06-channel-goods');

  // 订单管理: their orders; 发货 offered, the moves the role does not hold not.
  await page.locator('.ant-layout-sider, .ant-pro-sider').getByText('订单管理', { exact: true }).click();
  await page.waitForURL(/\/mall\/order$/);
  await page.getByLabel('订单号').fill('CH');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await tab(page, '全部 (2)').waitFor();
  await rowOf(page, 'CHApaid2').waitFor();
  assert.equal(await rowOf(page, 'CHB').count(), 0, 'no order of the other agency');
  // their agency by name, plain text (渠道管理 is staff's), and no 渠道 filter offering only it
  await rowOf(page, 'CHApaid1').getByText('杭州云栖商贸有限公司').waitFor();
  assert.equal(await rowOf(page, 'CHApaid1').getByRole('link').count(), 0);
  assert.equal(await page.getByRole('combobox', { name: '渠道' }).count(), 0);
  const buttons = (await rowOf(page, 'CHApaid1').locator('td').last().getByRole('button').allInnerTexts()).map((b) => b.replace(/\s/g, ''));
  assert.deepEqual(buttons, ['详情', '发货']);
  await screenshot(page, 'orders-07-channel-orders');

  // The import ships their order; the other agency's is refused as outside their data.
  const result = await importFile(page, page, importSheet('channel.xlsx', [
    ['CHApaid1', '顺丰速运', 'SFCHA1'],
    ['CHBpaid1', '顺丰速运', 'SFCHB1'],
  ]));
  assert.match(await result.innerText(), /总行数\s+2\s+成功发货\s+1\s+失败\s+1/);
  await result.getByRole('row').filter({ hasText: '订单不存在或不在您的数据范围内' }).filter({ hasText: 'CHBpaid1' }).waitFor();
  await settled(page);
  await screenshot(page, 'orders-08-channel-import');
  await result.getByRole('button', { name: /确\s*定/ }).click();
  await tab(page, '已发货 (1)').waitFor();
  noErrors(page);
  await page.context().close();
});
