// Live messages across two instances (docs/notifications.md): the console is open on one BFF, a
// storefront order is paid on the other (same MariaDB database, events through Redis); the bell's
// count goes up without a reload, its list opens the order, and inside the portal at /monomer the
// host's menu entry shows the same count (qiankun global state).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, noErrors, signIn, signInAt, storedToken, storefrontCall } from './flows.mjs';

const ctx = suite({ portal: true, shared: true });
const { skip } = ctx;

/** A signed POST of the storefront API (docs/storefront.md) that must succeed: its answer. */
async function signedPost(base, client, path, body) {
  const { status, body: answer } = await storefrontCall(base, client, 'POST', path, body, randomBytes(12).toString('hex'));
  assert.ok(status < 300, `${path}: ${status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A SKU and a storefront client made on `base`; then an order placed and paid there: its number. */
async function paidOrder(base, token, code) {
  await apiCall(base, token, 'POST', '/api/goods', {
    name: `消息测试 ${code}`, code, category: 'digital', status: 'on_sale',
    specs: [], skus: [{ code, specs: [], price: '12.00', cost: '5.00', stock: 50, lowStock: 2, onSale: true }],
  });
  const client = await apiCall(base, token, 'POST', '/api/openClients', { name: `店面 ${code}`, agencyId: null });
  const placed = await signedPost(base, client, '/open/v1/orders',
    { customerName: '消息顾客', phone: '13900004321', address: '上海市徐汇区 2 号', freight: '0.00', items: [{ skuCode: code, quantity: 1 }] });
  await signedPost(base, client, `/open/v1/orders/${placed.orderNo}/paid`, { amount: placed.amount });
  return placed.orderNo;
}

/** The bell's count as its accessible name says it ("消息 3"). */
async function bellCount(scope) {
  const name = await scope.getByRole('button', { name: /^消息 \d+$/ }).getAttribute('aria-label');
  return Number(name.replace(/\D+/g, ''));
}

async function waitForCount(scope, want) {
  await scope.getByRole('button', { name: `消息 ${want}` }).waitFor({ timeout: 10_000 });
}

test('standalone on instance B: an order paid on instance A rings the bell and opens from it', { skip, timeout: 180_000 }, async () => {
  const { bffURL, otherURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser);
  try {
    await signInAt(page, otherURL, 'admin', passwords.admin);
    const before = await bellCount(page);
    const sent = Date.now();
    const orderNo = await paidOrder(bffURL, await storedToken(page), 'E2E-MSG-1');
    await waitForCount(page, before + 1);
    const took = Date.now() - sent;
    assert.equal(page.url().endsWith('/dashboard'), true, 'no reload, no navigation');
    await screenshot(page, 'notify-01-bell');
    await page.getByRole('button', { name: `消息 ${before + 1}` }).click();
    const item = page.locator('.ant-popover').getByText(`待发货：${orderNo}`);
    await item.waitFor();
    await screenshot(page, 'notify-02-list');
    await item.click();
    await page.waitForURL(/\/look\?type=order&id=\d+/);
    await page.getByText(orderNo).first().waitFor();
    await waitForCount(page, before);
    await screenshot(page, 'notify-03-opened');
    console.log(`# paid on A → bell on B in ${took} ms (including the place and pay calls)`);
    noErrors(page);
  } finally {
    await page.context().close();
  }
});

test('inside the portal at /monomer: the remote and the host menu show the count', { skip, timeout: 180_000 }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  try {
    await page.goto(`${stack.portalURL}/`);
    await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
    await page.waitForURL(/\/monomer\/login/);
    const app = page.locator('#subapp');
    await signIn(app, 'admin', stack.passwords.admin);
    await page.waitForURL(/\/monomer\/dashboard$/);
    const before = await bellCount(app);
    // the remote is served by (and talks to) instance A: the order is paid on B
    const orderNo = await paidOrder(stack.otherURL, await storedToken(page), 'E2E-MSG-2');
    await waitForCount(app, before + 1);
    const badge = page.locator('#portal-unread');
    await badge.waitFor({ state: 'visible' });
    assert.equal((await badge.innerText()).trim(), String(before + 1), 'the host menu shows the remote count');
    await screenshot(page, 'notify-04-portal');
    // the centre: the message is there, and 全部已读 clears both counts
    await page.goto(`${stack.portalURL}/monomer/messages`);
    await app.getByText(`待发货：${orderNo}`).first().waitFor();
    await app.getByRole('button', { name: /全部已读/ }).first().click();
    await waitForCount(app, 0);
    await badge.waitFor({ state: 'hidden' });
    await screenshot(page, 'notify-05-portal-centre');
    noErrors(page);
  } finally {
    await page.context().close();
  }
});
