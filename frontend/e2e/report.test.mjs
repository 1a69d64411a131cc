// 销售报表 end to end: orders paid through the storefront API, the daily figures made by the
// report.refresh job (立即执行 through the API), the page's totals equal to the API's for today,
// and 导出 giving a sheet with today's row, standalone and inside the portal at /monomer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPage, screenshot, settled, suite } from './harness.mjs';
import { apiCall, asAdmin, noErrors, paidOrder, sellable, signIn, signInAt } from './flows.mjs';
import { readSheet } from './xlsx.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;
let downloads;
before(() => {
  downloads = mkdtempSync(join(tmpdir(), 'mall-e2e-report-'));
});
after(() => rmSync(downloads, { recursive: true, force: true }));

/** Today as the report names its days (the BFF runs on this machine, in its zone). */
function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Three paid orders of two units at ¥25.00 through the storefront API, then the daily figures
 * remade by 立即执行 of report.refresh; gives today's total as the API answers it.
 */
async function paidOrdersAndFigures(code) {
  const { stack, browser } = ctx;
  const { page, token } = await asAdmin(browser, stack);
  try {
    const client = await sellable(stack.bffURL, token, `报表商品 ${code}`, code, '25.00', 100);
    const buyer = { customerName: '报表顾客', phone: '13900002580', address: '杭州市西湖区文三路 10 号' };
    for (let i = 0; i < 3; i++) await paidOrder(stack.bffURL, client, code, 2, buyer, `report-${code}-${i}`);
    // the scheduled run may hold the job this very second: 立即执行 is then refused (409); bounded retries
    let ran;
    for (let attempt = 0; attempt < 10 && !ran; attempt++) {
      const r = await fetch(`${stack.bffURL}/api/jobs/report.refresh/run`, { method: 'POST', headers: { Authorization: token } });
      if (r.ok) ran = await r.json();
      else await new Promise((done) => setTimeout(done, 500));
    }
    assert.ok(ran, 'report.refresh ran');
    assert.equal(ran.result, 'ok', JSON.stringify(ran));
    const day = today();
    const answer = await apiCall(stack.bffURL, token, 'GET', `/api/reports/sales?start=${day}&end=${day}&by=day`);
    assert.ok(answer.total.orders >= 3, JSON.stringify(answer.total));
    return answer.total;
  } finally {
    await page.context().close();
  }
}

/** The report page in scope: its cards show today's total (the default range holds today); 导出 gives today's row. */
async function checkPage(page, scope, total, name) {
  const card = (title) => scope.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) }).first();
  await card('订单数').getByText(String(total.orders)).waitFor();
  assert.match(await card('销售额').innerText(), new RegExp(`¥${total.sales.replace('.', '\\.')}`));
  assert.match(await card('净额').innerText(), new RegExp(`¥${total.net.replace('.', '\\.')}`));
  await screenshot(page, name);
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: /导\s*出/ }).filter({ visible: true }).first().click()]);
  const file = join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const rows = readSheet(file);
  const row = rows.find((r) => r[0] === today());
  assert.ok(row, `the sheet has today's row: ${JSON.stringify(rows)}`);
  assert.ok(row.includes(String(total.orders)), `today's row ${JSON.stringify(row)} holds ${total.orders} orders`);
}

test('standalone: paid orders appear in 销售报表 and its export', { skip, timeout: 240_000 }, async () => {
  const { stack, browser } = ctx;
  const total = await paidOrdersAndFigures('RPT-S');
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInAt(page, stack.bffURL, 'admin', stack.passwords.admin);
    await page.goto(`${stack.bffURL}/mall/report`);
    await settled(page);
    await checkPage(page, page, total, 'report-01-standalone');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'report-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('inside the portal at /monomer: 销售报表 and its export', { skip, timeout: 240_000 }, async () => {
  const { stack, browser } = ctx;
  const total = await paidOrdersAndFigures('RPT-M');
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await page.goto(`${stack.portalURL}/`);
    await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
    await page.waitForURL(/\/monomer\/login/);
    const app = page.locator('#subapp');
    await signIn(app, 'admin', stack.passwords.admin);
    await page.waitForURL(/\/monomer\/dashboard$/);
    await app.locator('.ant-layout-sider, .ant-pro-sider').getByText('商城', { exact: true }).click();
    await app.locator('.ant-layout-sider, .ant-pro-sider').getByText('销售报表', { exact: true }).click();
    await page.waitForURL(/\/monomer\/mall\/report$/);
    await settled(page);
    await checkPage(page, app, total, 'report-02-monomer');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'report-failed-monomer');
    throw err;
  } finally {
    await page.context().close();
  }
});
