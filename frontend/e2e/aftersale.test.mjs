// 售后管理 end to end: a return-and-refund case opened through the signed storefront API, approved,
// sent back by the buyer (API), received and refunded by hand in the console — standalone and
// inside the portal at /monomer; a refund over the approval line waits for 退款审批, the
// administrator approves it in 我的待办 and staff pay it; a channel operator sees only the cases of
// the agency's orders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, noErrors, signIn, signInAt, storedToken, storefrontCall as signed } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;
const ok = /确\s*定/;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A goods item with one SKU (price, 20 units) of the token's scope, a client of the scope, and a
 * paid order of `quantity` units with ¥5 freight through the API. Returns the order's number.
 */
async function paidOrder(token, code, price, quantity, agencyId = null) {
  const { bffURL } = ctx.stack;
  await apiCall(bffURL, token, 'POST', '/api/goods', {
    name: `售后商品 ${code}`, code, category: 'digital', status: 'on_sale',
    specs: [], skus: [{ code, specs: [], price, cost: '1.00', stock: 20, lowStock: 2, onSale: true }],
  });
  const client = await apiCall(bffURL, token, 'POST', '/api/openClients', { name: `店面 ${code}`, agencyId });
  const placed = await signed(bffURL, client, 'POST', '/open/v1/orders',
    { customerName: '售后顾客', phone: '13900005678', address: '上海市浦东新区 2 号', freight: '5.00', items: [{ skuCode: code, quantity }] },
    `e2e-order-${code}`);
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const paid = await signed(bffURL, client, 'POST', `/open/v1/orders/${placed.body.orderNo}/paid`, { amount: placed.body.amount }, `e2e-paid-${code}`);
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  return { client, orderNo: placed.body.orderNo };
}

/** A case through the API; returns its number. */
async function apiCase(client, orderNo, type, code, quantity, amount) {
  const opened = await signed(ctx.stack.bffURL, client, 'POST', `/open/v1/orders/${orderNo}/aftersales`,
    { type, reason: 'quality', items: [{ skuCode: code, quantity }], amount, description: '收到时外壳有裂痕' }, `e2e-case-${code}`);
  assert.equal(opened.status, 201, JSON.stringify(opened.body));
  assert.equal(opened.body.status, 'applied');
  return opened.body.caseNo;
}

/** The case's row in 售后管理 (scope: the page or the remote's container), searched by its number. */
async function caseRow(scope, caseNo, status) {
  await scope.getByRole('textbox', { name: '售后单号' }).fill(caseNo);
  await scope.getByRole('button', { name: /查\s*询/ }).click();
  const row = scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: caseNo, visible: true });
  await row.filter({ hasText: status }).waitFor();
  return row;
}

/** Clicks a move of the row, directly or under 更多. */
async function move(page, row, name) {
  const direct = row.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });
  if (await direct.count()) {
    await direct.first().click();
    return;
  }
  await row.getByText('更多').click();
  await page.getByRole('menuitem', { name }).click();
}

/** 确认收货 (undamaged) and 退款 by bank transfer with a voucher, through the dialogs. */
async function receiveAndRefund(page, scope, caseNo, voucherNo) {
  let row = await caseRow(scope, caseNo, '买家已发货');
  await move(page, row, '确认收货');
  const receive = scope.getByRole('dialog').filter({ hasText: '商品已损坏' });
  await receive.getByRole('button', { name: ok }).click();
  row = await caseRow(scope, caseNo, '已收货');
  await move(page, row, '退款');
  const refund = scope.getByRole('dialog').filter({ hasText: '退款方式' });
  await refund.getByLabel('线下转账').check();
  await refund.getByLabel('凭证号').fill(voucherNo);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/contract/upload') && r.request().method() === 'POST'),
    refund.locator('input[type=file]').setInputFiles({ name: '转账截图.png', mimeType: 'image/png', buffer: PNG }),
  ]);
  await refund.getByRole('button', { name: ok }).click();
  await caseRow(scope, caseNo, '已退款');
}

test('standalone: a return from the storefront, approved, received and refunded by hand; stock and the order follow', { skip, timeout: 240_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser);
  try {
    await signInAt(page, bffURL, 'admin', passwords.admin);
    const token = await storedToken(page);
    const { client, orderNo } = await paidOrder(token, 'E2E-AS-1', '50.00', 3);
    // asking more than the two units were paid is refused, naming the most
    const over = await signed(bffURL, client, 'POST', `/open/v1/orders/${orderNo}/aftersales`,
      { type: 'return', reason: 'quality', items: [{ skuCode: 'E2E-AS-1', quantity: 2 }], amount: '100.01' }, 'e2e-case-over');
    assert.equal(over.status, 400);
    assert.equal(over.body.maxAmount, '100.00');
    const caseNo = await apiCase(client, orderNo, 'return', 'E2E-AS-1', 2, '100.00');

    await page.goto(`${bffURL}/mall/aftersale`);
    let row = await caseRow(page, caseNo, '申请中');
    assert.match(await row.innerText(), /退货退款/);
    await screenshot(page, 'aftersale-01-applied');
    await move(page, row, '同意');
    const approve = page.getByRole('dialog').filter({ hasText: '退货地址' });
    await approve.getByLabel('退货地址').fill('杭州市余杭区仓前街道 售后仓');
    await approve.getByRole('button', { name: ok }).click();
    row = await caseRow(page, caseNo, '待买家退货');

    const shipped = await signed(bffURL, client, 'POST', `/open/v1/aftersales/${caseNo}/return-shipment`,
      { expressCompany: 'SF', trackingNo: 'SF1234567890' }, `e2e-ship-${caseNo}`);
    assert.equal(shipped.status, 200, JSON.stringify(shipped.body));
    assert.equal(shipped.body.status, 'returned');
    await receiveAndRefund(page, page, caseNo, 'TX-0001');
    await screenshot(page, 'aftersale-02-refunded');

    // the drawer: lines, money, the history of every move
    row = await caseRow(page, caseNo, '已退款');
    await row.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.locator('.ant-drawer-content').filter({ visible: true });
    await drawer.getByText('SF1234567890').first().waitFor();
    const text = await drawer.innerText();
    for (const want of ['E2E-AS-1', '100.00', '确认收货', 'TX-0001']) {
      assert.ok(text.includes(want) || (want === '确认收货' && text.includes('已收货')), `the drawer shows ${want}: ${text}`);
    }
    // the transfer's picture, read back from the upload
    const voucher = drawer.locator('img[alt="转账截图.png"]').first();
    await voucher.waitFor();
    assert.ok(await voucher.evaluate((img) => img.complete && img.naturalWidth > 0), 'the voucher picture loads');
    await screenshot(page, 'aftersale-03-drawer');

    // the API and the books agree: two units back in stock, the order partly refunded
    const view = await signed(bffURL, client, 'GET', `/open/v1/aftersales/${caseNo}`);
    assert.equal(view.body.status, 'refunded');
    const ledger = await apiCall(bffURL, token, 'GET', `/api/stock/ledger?skuCode=E2E-AS-1&page=0&size=10`);
    const restock = ledger.content.find((e) => e.reason === 'return_restock');
    assert.ok(restock && restock.delta === 2 && restock.balance === 19, JSON.stringify(ledger.content));
    const orders = await apiCall(bffURL, token, 'GET', `/api/orders?orderNo=${orderNo}&page=0&size=10`);
    assert.equal(orders.content[0].refunded, '100.00');
    assert.equal(orders.content[0].status, 'paid', 'a partly refunded order keeps its status');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'aftersale-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('inside the portal at /monomer: a return received and refunded in the remote', { skip, timeout: 240_000 }, async () => {
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
    const { client, orderNo } = await paidOrder(token, 'E2E-AS-2', '30.00', 2);
    const caseNo = await apiCase(client, orderNo, 'return', 'E2E-AS-2', 1, '30.00');
    const cases = await apiCall(stack.bffURL, token, 'GET', `/api/aftersales?caseNo=${caseNo}&page=0&size=10`);
    await apiCall(stack.bffURL, token, 'POST', `/api/aftersales/${cases.content[0].id}/approve`, {});
    const shipped = await signed(stack.bffURL, client, 'POST', `/open/v1/aftersales/${caseNo}/return-shipment`,
      { expressCompany: 'ZTO', trackingNo: 'ZTO778899' }, `e2e-ship-${caseNo}`);
    assert.equal(shipped.status, 200, JSON.stringify(shipped.body));

    await app.getByRole('menuitem', { name: /商城/ }).click();
    await app.getByRole('menuitem', { name: /售后管理/ }).click();
    await page.waitForURL(/\/monomer\/mall\/aftersale/);
    await receiveAndRefund(page, app, caseNo, 'TX-0002');
    assert.equal(await app.getByRole('dialog').count(), 0, 'the dialogs closed inside the container');
    await screenshot(page, 'aftersale-04-portal');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'aftersale-failed-portal');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('a refund over the approval line waits for 退款审批; the administrator approves it in 我的待办; staff pay it', { skip, timeout: 240_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const admin = await newPage(ctx.browser);
  const staff = await newPage(ctx.browser);
  try {
    await signInAt(admin, bffURL, 'admin', passwords.admin);
    const adminToken = await storedToken(admin);
    const { client, orderNo } = await paidOrder(adminToken, 'E2E-AS-BIG', '1200.00', 1);
    const caseNo = await apiCase(client, orderNo, 'refund', 'E2E-AS-BIG', 1, '1200.00');

    await signInAt(staff, bffURL, 'staff', passwords.demo);
    await staff.goto(`${bffURL}/mall/aftersale`);
    let row = await caseRow(staff, caseNo, '申请中');
    await move(staff, row, '同意');
    await staff.getByRole('dialog').getByRole('button', { name: ok }).click();
    row = await caseRow(staff, caseNo, '退款中');
    await move(staff, row, '退款');
    let refund = staff.getByRole('dialog').filter({ hasText: '退款方式' });
    await refund.getByLabel('线下转账').check();
    await refund.getByLabel('凭证号').fill('TX-BIG-1');
    await Promise.all([
      staff.waitForResponse((r) => r.url().includes('/api/contract/upload') && r.request().method() === 'POST'),
      refund.locator('input[type=file]').setInputFiles({ name: '转账截图.png', mimeType: 'image/png', buffer: PNG }),
    ]);
    await refund.getByRole('button', { name: ok }).click();
    await staff.getByText('金额超过审批线，已提交退款审批').first().waitFor();
    await screenshot(staff, 'aftersale-05-approval-asked');

    // the administrator: 我的待办 lists it with its summary; 同意 from the detail
    await admin.goto(`${bffURL}/workflow/tasks?box=todo`);
    const task = admin.getByRole('row').filter({ hasText: caseNo }).filter({ hasText: '¥1200.00' });
    await task.waitFor();
    await screenshot(admin, 'aftersale-06-todo');
    const cases = await apiCall(bffURL, adminToken, 'GET', `/api/aftersales?caseNo=${caseNo}&page=0&size=10`);
    const detail = await apiCall(bffURL, adminToken, 'GET', `/api/aftersales/${cases.content[0].id}`);
    assert.ok(detail.instanceId, 'the case names its approval');
    await admin.goto(`${bffURL}/flowDetail?id=${detail.instanceId}`);
    await admin.getByText(caseNo).first().waitFor();
    await admin.getByRole('button', { name: /^同\s*意$/ }).click();
    await admin.getByRole('dialog').getByLabel('审批意见').fill('核实无误');
    await admin.getByRole('dialog').getByRole('button', { name: ok }).click();
    await admin.getByText('已通过').first().waitFor();
    await screenshot(admin, 'aftersale-07-approved');

    // staff pay it: the voucher again, and the case is refunded
    await staff.goto(`${bffURL}/mall/aftersale`);
    row = await caseRow(staff, caseNo, '退款中');
    await move(staff, row, '退款');
    refund = staff.getByRole('dialog').filter({ hasText: '退款方式' });
    await refund.getByLabel('线下转账').check();
    await refund.getByLabel('凭证号').fill('TX-BIG-1');
    await Promise.all([
      staff.waitForResponse((r) => r.url().includes('/api/contract/upload') && r.request().method() === 'POST'),
      refund.locator('input[type=file]').setInputFiles({ name: '转账截图.png', mimeType: 'image/png', buffer: PNG }),
    ]);
    await refund.getByRole('button', { name: ok }).click();
    await caseRow(staff, caseNo, '已退款');
    await screenshot(staff, 'aftersale-08-paid');
    const after = await apiCall(bffURL, adminToken, 'GET', `/api/aftersales/${cases.content[0].id}`);
    assert.ok(after.history.some((h) => h.note.includes('退款审批通过')), JSON.stringify(after.history));
    noErrors(staff);
  } catch (err) {
    await screenshot(staff, 'aftersale-failed-big');
    await screenshot(admin, 'aftersale-failed-big-admin');
    throw err;
  } finally {
    await Promise.all([admin.context().close(), staff.context().close()]);
  }
});

test('a channel operator sees the cases of the agency\'s orders only', { skip, timeout: 180_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser);
  try {
    await page.goto(`${bffURL}/newLogin`);
    await signIn(page, 'channel', passwords.demo);
    await page.waitForURL((u) => !u.pathname.endsWith('/newLogin'));
    const channelToken = await storedToken(page);
    const me = await apiCall(bffURL, channelToken, 'GET', '/api/agencies/mine');
    // the agency's order and case, through a client of the agency the administrator makes
    const admin = await newPage(ctx.browser);
    await signInAt(admin, bffURL, 'admin', passwords.admin);
    const adminToken = await storedToken(admin);
    await admin.context().close();
    await apiCall(bffURL, channelToken, 'POST', '/api/goods', {
      name: '渠道售后商品', code: 'E2E-AS-CH', category: 'digital', status: 'on_sale',
      specs: [], skus: [{ code: 'E2E-AS-CH', specs: [], price: '20.00', cost: '1.00', stock: 20, lowStock: 2, onSale: true }],
    });
    const client = await apiCall(bffURL, adminToken, 'POST', '/api/openClients', { name: '渠道店面', agencyId: me.id });
    const placed = await signed(bffURL, client, 'POST', '/open/v1/orders',
      { customerName: '渠道顾客', phone: '13900007777', address: '南京市 3 号', freight: '0.00', items: [{ skuCode: 'E2E-AS-CH', quantity: 1 }] }, 'e2e-ch-order');
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    await signed(bffURL, client, 'POST', `/open/v1/orders/${placed.body.orderNo}/paid`, { amount: placed.body.amount }, 'e2e-ch-paid');
    const theirs = await apiCase(client, placed.body.orderNo, 'refund', 'E2E-AS-CH', 1, '20.00');
    // a case of the shop's own
    const shop = await paidOrder(adminToken, 'E2E-AS-SHOP', '10.00', 1);
    const ours = await apiCase(shop.client, shop.orderNo, 'refund', 'E2E-AS-SHOP', 1, '10.00');

    await page.goto(`${bffURL}/mall/aftersale`);
    await caseRow(page, theirs, '申请中');
    await screenshot(page, 'aftersale-09-channel');
    await page.getByRole('textbox', { name: '售后单号' }).fill(ours);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-table-tbody .ant-empty-description').filter({ visible: true, hasText: '暂无数据' }).first().waitFor();
    const list = await apiCall(bffURL, channelToken, 'GET', '/api/aftersales?page=0&size=100');
    assert.ok(list.content.every((c) => c.caseNo !== ours), 'the shop\'s case is not listed to the operator');
    const direct = await apiCall(bffURL, channelToken, 'GET', `/api/aftersales?caseNo=${ours}&page=0&size=10`);
    assert.equal(direct.totalElements, 0);
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'aftersale-failed-channel');
    throw err;
  } finally {
    await page.context().close();
  }
});
