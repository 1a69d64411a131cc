// The storefront's order reaching the console, standalone and inside the portal at /monomer: a
// signed POST /open/v1/orders for a SKU the test created; 库存流水 shows its reservation (下单锁定,
// the order's number), the number opens 订单管理 on the order (待付款); a 盘点 through the dialog
// books the counted figure's difference at the top of the ledger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, noErrors, signIn, signInAt, storedToken, storefrontCall } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;
const ok = /确\s*定/;

/** A signed POST of the storefront API (docs/storefront.md). */
const signedPost = (base, client, path, body, key) => storefrontCall(base, client, 'POST', path, body, key);

/** A goods item with one SKU of `stock` units, and a storefront client; then an order of 3 through the API. */
async function apiOrder(token, code, stock) {
  const { bffURL } = ctx.stack;
  await apiCall(bffURL, token, 'POST', '/api/goods', {
    name: `接口下单 ${code}`, code, category: 'digital', status: 'on_sale',
    specs: [], skus: [{ code, specs: [], price: '25.00', cost: '10.00', stock, lowStock: 2, onSale: true }],
  });
  const client = await apiCall(bffURL, token, 'POST', '/api/openClients', { name: `店面 ${code}`, agencyId: null });
  const placed = await signedPost(bffURL, client, '/open/v1/orders',
    { customerName: '接口顾客', phone: '13900001234', address: '上海市浦东新区 1 号', freight: '5.00', items: [{ skuCode: code, quantity: 3 }] },
    `e2e-${code}`);
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  assert.equal(placed.body.status, 'unpaid');
  assert.equal(placed.body.amount, '80.00');
  return placed.body.orderNo;
}

/** In 库存流水 (scope: the page or the remote's container), the SKU's rows; the reservation is there. */
async function seeReservation(page, scope, code, orderNo) {
  const rows = scope.locator('.ant-table-tbody tr.ant-table-row');
  await scope.getByRole('textbox', { name: '规格编码' }).fill(code);
  await scope.getByRole('button', { name: /查\s*询/ }).click();
  const reserved = rows.filter({ hasText: '下单锁定' }).filter({ hasText: orderNo });
  await reserved.waitFor();
  const cells = (await reserved.locator('td').allInnerTexts()).map((c) => c.trim());
  assert.ok(cells.includes('-3'), `the reservation takes 3: ${cells}`);
  assert.ok(cells.includes('17'), `balance after: 20 - 3: ${cells}`);
  return reserved;
}

/** 盘点 to `counted` through the dialog; the top row books the difference. */
async function stocktake(page, scope, code, counted, diff) {
  await scope.getByRole('button', { name: /盘\s*点/ }).click();
  const dialog = scope.getByRole('dialog').filter({ hasText: '商品规格' });
  const picker = dialog.getByRole('combobox', { name: '商品规格' });
  await picker.click();
  await picker.fill(code);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: code }).first().click();
  await dialog.getByText('当前库存：17').first().waitFor();
  await dialog.getByLabel('盘点数量').fill(String(counted));
  await dialog.getByLabel('原因').fill('月末盘点');
  await dialog.getByRole('button', { name: ok }).last().click();
  await scope.getByText('库存已更新').first().waitFor();
  const top = scope.locator('.ant-table-tbody tr.ant-table-row').first();
  await top.filter({ hasText: '盘点' }).waitFor();
  const cells = (await top.locator('td').allInnerTexts()).map((c) => c.trim());
  assert.ok(cells.includes(diff) && cells.includes(String(counted)) && cells.includes('月末盘点'), `the stocktake row: ${cells}`);
}

test('standalone: an order through the API is in 订单管理 and its reservation in 库存流水; a 盘点 is booked', { skip, timeout: 180_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser);
  try {
    await signInAt(page, bffURL, 'admin', passwords.admin);
    const orderNo = await apiOrder(await storedToken(page), 'E2E-API-1', 20);
    await page.goto(`${bffURL}/mall/stock`);
    const reserved = await seeReservation(page, page, 'E2E-API-1', orderNo);
    await screenshot(page, 'storefront-order-01-ledger');
    await stocktake(page, page, 'E2E-API-1', 15, '-2');
    await screenshot(page, 'storefront-order-02-stocktake');

    // the order's number opens 订单管理 on it
    await reserved.getByRole('link', { name: orderNo }).click();
    await page.waitForURL(/\/mall\/order\?orderNo=/);
    // the ledger stays alive in its hidden tab (and shows a moment longer): the order's row, with
    // its status, on the shown page
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo, visible: true }).filter({ hasText: '待付款' });
    await row.waitFor();
    assert.match(await row.innerText(), /80\.00/);
    await screenshot(page, 'storefront-order-03-orders');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'storefront-order-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('inside the portal at /monomer: the API order, its reservation and a 盘点', { skip, timeout: 180_000 }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  try {
    await page.goto(`${stack.portalURL}/`);
    await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
    await page.waitForURL(/\/monomer\/login/);
    const app = page.locator('#subapp');
    await signIn(app, 'admin', stack.passwords.admin);
    await page.waitForURL(/\/monomer\/dashboard$/);
    const orderNo = await apiOrder(await storedToken(page), 'E2E-API-2', 20);
    await app.getByRole('menuitem', { name: /商城/ }).click();
    await app.getByRole('menuitem', { name: /库存流水/ }).click();
    await page.waitForURL(/\/monomer\/mall\/stock$/);
    const reserved = await seeReservation(page, app, 'E2E-API-2', orderNo);
    await stocktake(page, app, 'E2E-API-2', 20, '+3');
    assert.equal(await app.getByRole('dialog').count(), 0, 'the dialog closed inside the container');
    await screenshot(page, 'storefront-order-04-portal-ledger');
    await reserved.getByRole('link', { name: orderNo }).click();
    await page.waitForURL(/\/monomer\/mall\/order\?orderNo=/);
    const row = app.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo, visible: true }).filter({ hasText: '待付款' });
    await row.waitFor();
    await screenshot(page, 'storefront-order-05-portal-orders');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'storefront-order-failed-portal');
    throw err;
  } finally {
    await page.context().close();
  }
});
