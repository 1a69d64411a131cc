// 订单管理's shipping desk after shipping (docs/decisions.md "Shipping desk"): a shipped order's
// tracking number corrected (修改物流, in the row's 更多 or on the order's detail) and a shipment
// cancelled with a reason (取消发货: the order goes back to 待发货 without company or number); the
// new values and status show in the list and on the detail, and the order's 状态记录 keeps
// before → after and the reason. Once standalone and once inside the host portal at /monomer.
// The shipped orders are made through the API: goods, a storefront client, an order placed and
// paid through the signed storefront API, then 发货 (PUT /api/orders/{id}/ship).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, settled, suite } from './harness.mjs';
import { apiCall, noErrors, shippedOrder, signIn, signInAt, storedToken } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;
const ok = /确\s*定/;

/** The order's row in 订单管理 (scope: the page or the remote's container), searched by its number. */
async function orderRow(scope, orderNo, status) {
  await scope.getByLabel('订单号').fill(orderNo);
  await scope.getByRole('button', { name: /查\s*询/ }).click();
  const row = scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo, visible: true });
  await row.filter({ hasText: status }).waitFor();
  return row;
}

/** Clicks an entry of the row's 更多 menu. */
async function more(page, row, name) {
  await row.getByText('更多').click();
  await page.getByRole('menuitem', { name }).click();
}

/** The open dropdown's option (the page's: a select's list may be drawn outside the container). */
const option = (page, name) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: name });

/**
 * 修改物流 in its dialog: it starts from the order's shipment (company and number), takes the
 * new company and number and saves.
 */
async function fixShipment(page, scope, orderNo, before, company, trackingNo) {
  const dialog = scope.getByRole('dialog').filter({ hasText: `修改物流：${orderNo}` });
  await dialog.waitFor();
  const number = dialog.getByLabel('快递单号');
  assert.equal(await number.inputValue(), before, 'the dialog starts from the shipment\'s number');
  assert.match(await dialog.locator('.ant-select-selection-item').innerText(), /顺丰速运/, 'and from its company');
  await settled(page);
  await screenshot(page, `shipdesk-fix-dialog-${orderNo}`);
  // a number with a space inside is refused in the dialog
  await number.fill('ZTO 1');
  await dialog.getByRole('button', { name: ok }).click();
  await dialog.getByText('只能包含字母、数字和-').waitFor();
  // the selector, not the input under the chosen company's name
  await dialog.locator('.ant-select-selector').click();
  await option(page, company).click();
  await number.fill(trackingNo);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/shipment') && r.request().method() === 'PUT'),
    dialog.getByRole('button', { name: ok }).click(),
  ]);
  assert.equal(res.status(), 204);
  await dialog.waitFor({ state: 'hidden' });
}

/** 取消发货 in its dialog: a reason is required; with one the order goes back. */
async function unship(page, scope, orderNo, reason) {
  const dialog = scope.getByRole('dialog').filter({ hasText: `取消发货：${orderNo}` });
  await dialog.getByText('订单将回到待发货，快递公司和单号会被清除，库存不变。').waitFor();
  await dialog.getByRole('button', { name: ok }).click();
  await dialog.getByText('该项为必填项，不能为空').waitFor();
  await dialog.getByLabel('原因').fill(reason);
  await settled(page);
  await screenshot(page, `shipdesk-unship-dialog-${orderNo}`);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/unship') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: ok }).click(),
  ]);
  assert.equal(res.status(), 204);
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * The detail's parts in scope (the page or the remote's container): the head card (status tag,
 * buttons), 物流信息 and 状态记录. A `has` locator is relative to the card, so it is the page's.
 */
function detail(page, scope) {
  const card = (has) => scope.locator('.ant-card').filter({ has });
  return {
    basics: card(page.getByLabel('基本信息')),
    shipping: card(page.getByText('物流信息', { exact: true })),
    history: card(page.getByText('状态记录', { exact: true })),
  };
}

/** Waits until 物流信息 shows value for label (快递公司, 快递单号). */
const shipField = (d, label, value) =>
  d.shipping.locator('.ant-descriptions-item').filter({ hasText: label }).filter({ hasText: value }).waitFor();

/** The API's view of the order: its status, shipment and history notes. */
async function orderView(token, id) {
  return apiCall(ctx.stack.bffURL, token, 'GET', `/api/orders/${id}`);
}

test('standalone: 修改物流 from the row\'s 更多, 取消发货 on the detail; list, detail and history follow', { skip, timeout: 240_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser, { viewport: { width: 1366, height: 768 } });
  try {
    await signInAt(page, bffURL, 'admin', passwords.admin);
    const token = await storedToken(page);
    const order = await shippedOrder(ctx.stack.bffURL, token, 'E2E-SD-1', 'SF1000000001');

    // the list: 更多 holds 修改物流 and 取消发货 for a shipped order in its window
    await page.goto(`${bffURL}/mall/order`);
    let row = await orderRow(page, order.orderNo, '已发货');
    await row.getByText('SF1000000001', { exact: true }).waitFor();
    await row.getByText('更多').click();
    await page.getByRole('menuitem', { name: '取消发货' }).waitFor();
    await settled(page);
    await screenshot(page, 'shipdesk-01-more-menu');
    await page.getByRole('menuitem', { name: '修改物流' }).click();
    await fixShipment(page, page, order.orderNo, 'SF1000000001', '中通快递', 'ZTO2000000002');
    await page.getByText('操作成功').first().waitFor();
    row = await orderRow(page, order.orderNo, '已发货');
    await row.getByText('ZTO2000000002', { exact: true }).waitFor();
    await row.getByText('中通快递', { exact: true }).waitFor();
    assert.equal(await row.getByText('SF1000000001').count(), 0, 'the old number is gone from the row');
    await settled(page);
    await screenshot(page, 'shipdesk-02-list-fixed');

    // the detail: the new shipment, the correction in 状态记录, and 取消发货 there
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await page.waitForURL(/\/look\?type=order&id=\d+/);
    const d = detail(page, page);
    await shipField(d, '快递单号', 'ZTO2000000002');
    await shipField(d, '快递公司', '中通快递');
    await d.history.getByText('修改物流：顺丰速运 SF1000000001 → 中通快递 ZTO2000000002').waitFor();
    await d.history.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'shipdesk-03-detail-fixed');
    await d.basics.getByRole('button', { name: '取消发货' }).click();
    await unship(page, page, order.orderNo, '客户要求改发其他快递');
    await d.basics.locator('.ant-card-head .ant-tag').filter({ hasText: '待发货' }).waitFor();
    const back = d.history.locator('.ant-timeline-item').filter({ hasText: '已发货 → 待发货' });
    await back.filter({ hasText: '取消发货：客户要求改发其他快递' }).waitFor();
    assert.match(await back.innerText(), /操作人：admin/);
    assert.equal(await d.shipping.getByText('ZTO2000000002').count(), 0, 'the number is cleared');
    // back to 待发货: 发货 offered again, the desk's after-shipping buttons not
    await d.basics.getByRole('button', { name: /^发\s*货$/ }).waitFor();
    assert.equal(await d.basics.getByRole('button', { name: /修改物流|取消发货/ }).count(), 0);
    await d.history.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'shipdesk-04-detail-unshipped');

    // the list (kept in its tab) shows it 待发货, without a number
    await page.goto(`${bffURL}/mall/order`);
    row = await orderRow(page, order.orderNo, '待发货');
    assert.equal(await row.getByText('ZTO2000000002').count(), 0);

    // the server agrees: status, shipment and both notes
    const view = await orderView(token, order.id);
    assert.equal(view.status, 'paid');
    assert.equal(view.trackingNo ?? '', '');
    assert.equal(view.expressCompany ?? '', '');
    const notes = view.history.map((h) => `${h.from}→${h.to} ${h.note}`);
    assert.ok(notes.includes('shipped→shipped 修改物流：顺丰速运 SF1000000001 → 中通快递 ZTO2000000002'), notes.join('\n'));
    assert.ok(notes.includes('shipped→paid 取消发货：客户要求改发其他快递'), notes.join('\n'));
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'shipdesk-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('inside the portal at /monomer: 修改物流 on the detail, 取消发货 from the row\'s 更多', { skip, timeout: 240_000 }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  try {
    await page.goto(`${stack.portalURL}/`);
    await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
    await page.waitForURL(/\/monomer\/login/);
    const app = page.locator('#subapp');
    await signIn(app, 'admin', stack.passwords.admin);
    await page.waitForURL(/\/monomer\/dashboard$/);
    const token = await storedToken(page);
    const order = await shippedOrder(ctx.stack.bffURL, token, 'E2E-SD-2', 'SF3000000003');

    // the detail inside the container: 修改物流
    await page.goto(`${stack.portalURL}/monomer/look?type=order&id=${order.id}`);
    const d = detail(page, app);
    await shipField(d, '快递单号', 'SF3000000003');
    await d.basics.getByRole('button', { name: '修改物流' }).click();
    await fixShipment(page, app, order.orderNo, 'SF3000000003', '圆通速递', 'YT4000000004');
    await shipField(d, '快递单号', 'YT4000000004');
    await shipField(d, '快递公司', '圆通速递');
    await d.history.getByText('修改物流：顺丰速运 SF3000000003 → 圆通速递 YT4000000004').waitFor();
    assert.equal(await app.getByRole('dialog').count(), 0, 'the dialog closed inside the container');
    await d.history.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'shipdesk-05-portal-detail-fixed');

    // the list inside the container: 取消发货 from 更多
    await page.goto(`${stack.portalURL}/monomer/mall/order`);
    let row = await orderRow(app, order.orderNo, '已发货');
    await row.getByText('YT4000000004', { exact: true }).waitFor();
    await more(page, row, '取消发货');
    await unship(page, app, order.orderNo, '仓库错发');
    row = await orderRow(app, order.orderNo, '待发货');
    assert.equal(await row.getByText('YT4000000004').count(), 0, 'the number is cleared from the row');
    await row.getByRole('button', { name: /^发\s*货$/ }).waitFor();
    await settled(page);
    await screenshot(page, 'shipdesk-06-portal-list-unshipped');

    // its history, on the detail again
    await page.goto(`${stack.portalURL}/monomer/look?type=order&id=${order.id}`);
    await d.basics.locator('.ant-card-head .ant-tag').filter({ hasText: '待发货' }).waitFor();
    await d.history.locator('.ant-timeline-item').filter({ hasText: '已发货 → 待发货' }).filter({ hasText: '取消发货：仓库错发' }).waitFor();
    await d.history.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'shipdesk-07-portal-history');
    const view = await orderView(token, order.id);
    assert.equal(view.status, 'paid');
    assert.ok(view.history.some((h) => h.from === 'shipped' && h.to === 'paid' && h.note === '取消发货：仓库错发'), JSON.stringify(view.history));
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'shipdesk-failed-portal');
    throw err;
  } finally {
    await page.context().close();
  }
});
