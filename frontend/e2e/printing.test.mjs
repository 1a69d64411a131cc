// 打印 end to end: 50 orders selected on 订单管理 (30 on the first page, 20 on the second), their
// picking list fetched with the session and shown as the print view, standalone and inside the
// portal at /monomer; the screenshots are the print view (readable Chinese, a table that fits A4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, settled, suite } from './harness.mjs';
import { apiCall, asAdmin, noErrors, signIn, signInAt, storefrontCall } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;

/**
 * 50 orders of two SKUs placed through the storefront API (the browser tests' shop starts empty),
 * so that the picking list has units to sum across orders.
 */
async function placeOrders(code) {
  const { stack, browser } = ctx;
  const { page, token } = await asAdmin(browser, stack);
  try {
    for (const n of [0, 1]) {
      await apiCall(stack.bffURL, token, 'POST', '/api/goods', {
        name: `拣货商品 ${code}-${n}`, code: `${code}-${n}`, category: 'digital', status: 'on_sale',
        specs: [], skus: [{ code: `${code}-${n}`, specs: [], price: '20.00', cost: '5.00', stock: 500, lowStock: 2, onSale: true }],
      });
    }
    const client = await apiCall(stack.bffURL, token, 'POST', '/api/openClients', { name: `店面 ${code}`, agencyId: null });
    for (let i = 0; i < 50; i++) {
      const placed = await storefrontCall(stack.bffURL, client, 'POST', '/open/v1/orders',
        { customerName: '拣货顾客', phone: '13900001357', address: '杭州市西湖区文三路 9 号', freight: '0.00',
          items: [{ skuCode: `${code}-${i % 2}`, quantity: 1 + (i % 3) }] }, `e2e-print-${code}-${i}`);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
    }
  } finally {
    await page.context().close();
  }
}

/** Selects 50 orders of the list in scope: a page of 30 and 20 of the next. */
async function select50(page, scope) {
  await scope.locator('.ant-pagination-options .ant-select').filter({ visible: true }).click();
  await page.getByRole('option', { name: '30 条/页' }).click();
  await settled(page);
  const rows = scope.locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true });
  await rows.nth(29).waitFor();
  await scope.locator('.ant-table-thead .ant-table-selection input[type=checkbox]').filter({ visible: true }).first().check();
  await scope.locator('.ant-pagination-item-2').filter({ visible: true }).click();
  await settled(page);
  // the second page holds at least the 20 to pick (more when an earlier test placed its own)
  await rows.nth(19).waitFor();
  for (let i = 0; i < 20; i++) await rows.nth(i).locator('.ant-table-selection-column input[type=checkbox]').check();
  await scope.getByText(/已选择\s*50\s*项/).filter({ visible: true }).first().waitFor();
}

/** 打印 → 打印拣货单; checks and screenshots the print view. */
async function printPicking(page, scope, name) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/orders/print?') && r.request().method() === 'GET');
  await scope.getByRole('button', { name: /打\s*印/ }).filter({ visible: true }).first().hover();
  await page.getByRole('menuitem', { name: '打印拣货单' }).click();
  const res = await answered;
  assert.equal(res.status(), 200);
  const ids = new URL(res.url()).searchParams.get('ids').split(',');
  assert.equal(ids.length, 50, 'the 50 selected orders are printed');
  const frame = page.frameLocator('[data-testid=print-view]');
  await frame.getByRole('heading', { name: '拣货单' }).waitFor();
  await frame.getByText('订单：50单').waitFor();
  const fits = await page.locator('[data-testid=print-view]').evaluate((el) => {
    const doc = el.contentDocument;
    const sheet = doc.querySelector('.sheet');
    const table = doc.querySelector('table');
    return { sheet: sheet.clientWidth, table: table.scrollWidth, rows: doc.querySelectorAll('tbody tr').length, scripts: doc.scripts.length };
  });
  assert.ok(fits.table <= fits.sheet, `the table (${fits.table}px) fits the A4 sheet (${fits.sheet}px)`);
  assert.ok(fits.rows > 0);
  assert.equal(fits.scripts, 0);
  await screenshot(page, name);
  await page.locator('[data-testid=print-view]').screenshot({ path: new URL(`../../.e2e/screens/${name}-frame.png`, import.meta.url).pathname });
  await page.getByRole('dialog').filter({ hasText: '打印预览' }).getByRole('button', { name: 'Close' }).click();
}

test('standalone: print the picking list of 50 selected orders', { skip, timeout: 240_000 }, async () => {
  const { stack, browser } = ctx;
  await placeOrders('PRN-S');
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInAt(page, stack.bffURL, 'admin', stack.passwords.admin);
    await page.goto(`${stack.bffURL}/mall/order`);
    await settled(page);
    await select50(page, page);
    await printPicking(page, page, 'printing-01-picking');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'printing-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('inside the portal at /monomer: print the picking list of 50 selected orders', { skip, timeout: 240_000 }, async () => {
  const { stack, browser } = ctx;
  await placeOrders('PRN-M');
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await page.goto(`${stack.portalURL}/`);
    await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
    await page.waitForURL(/\/monomer\/login/);
    const app = page.locator('#subapp');
    await signIn(app, 'admin', stack.passwords.admin);
    await page.waitForURL(/\/monomer\/dashboard$/);
    await app.locator('.ant-layout-sider, .ant-pro-sider').getByText('商城', { exact: true }).click();
    await app.locator('.ant-layout-sider, .ant-pro-sider').getByText('订单管理', { exact: true }).click();
    await page.waitForURL(/\/monomer\/mall\/order$/);
    await settled(page);
    await select50(page, app);
    await printPicking(page, app, 'printing-02-monomer-picking');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'printing-failed-monomer');
    throw err;
  } finally {
    await page.context().close();
  }
});
