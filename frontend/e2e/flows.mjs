// What a person does again and again in the console, written once for every browser test.
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { newPage } from './harness.mjs';

/** Fills the staff (/login) or channel (/newLogin) form and submits it. */
export async function signIn(page, username, password) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** Opens the console inside the host portal at /monomer and signs in there; gives the app's container. */
export async function signInEmbedded(page, portalURL, username, password) {
  await page.goto(`${portalURL}/monomer/dashboard`);
  const app = page.locator('#subapp');
  await app.getByLabel('用户名').waitFor();
  await signIn(app, username, password);
  await page.waitForURL(/\/monomer\/dashboard$/);
  return app;
}

/** Opens the user dropdown, chooses 退出登录 and confirms. */
export async function signOut(page, scope = page) {
  await scope.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确定注销并退出系统吗？' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

/** The token the app keeps in local storage (the same value as its cookie). */
export async function storedToken(page) {
  // A re-login reloads the page; read once the reload has settled.
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      return await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOEKN'));
    } catch (err) {
      if (attempt >= 3 || !/context was destroyed/.test(String(err))) throw err;
    }
  }
}

/** Ends a session from outside the browser, as a kick-out or an expiry would. */
export async function revoke(bffURL, token) {
  const res = await fetch(`${bffURL}/api/auth/logout`, { method: 'DELETE', headers: { Authorization: token } });
  assert.equal(res.status, 200, 'logout of the stolen token should succeed');
}

/**
 * Pastes (or drops, on the editor's first line) a 120×60 picture drawn on a canvas and encoded as
 * PNG, as the clipboard or a file dragged from the desktop would hand it over.
 */
export async function pastePicture(page, editor, how = 'paste') {
  await editor.click();
  await editor.evaluate(async (el, how) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 60;
    const g = canvas.getContext('2d');
    g.fillStyle = '#1677ff';
    g.fillRect(0, 0, 120, 60);
    g.fillStyle = '#fff';
    g.font = '20px sans-serif';
    g.fillText('LOGO', 34, 38);
    const blob = await new Promise((done) => canvas.toBlob(done, 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'logo.png', { type: 'image/png' }));
    if (how === 'paste') {
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      return;
    }
    const line = el.querySelector('p').getBoundingClientRect();
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, clientX: line.left + 4, clientY: line.top + line.height / 2, bubbles: true, cancelable: true }));
  }, how);
}

export function noErrors(page) {
  // A failed resource load that the test itself provoked (401/405) is reported by Chromium as a
  // console error; everything else is a real fault.
  const real = page.errors.filter((e) => !/status of 40[15]/.test(e));
  assert.deepEqual(real, [], 'the page reported errors');
}

/** A JSON call to the BFF with a session token; fails the test on anything but 2xx. */
export async function apiCall(bffURL, token, method, path, body) {
  const res = await fetch(`${bffURL}${path}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Signs in on a fresh page at /login and waits for the dashboard. */
export async function signInAt(page, bffURL, username, password) {
  await page.goto(`${bffURL}/login`);
  await signIn(page, username, password);
  await page.waitForURL(/\/dashboard$/);
  return page;
}

/** A new page signed in as the administrator, and its token for API checks. */
export async function asAdmin(browser, stack) {
  const page = await newPage(browser);
  await signInAt(page, stack.bffURL, 'admin', stack.passwords.admin);
  return { page, token: await storedToken(page) };
}

/**
 * A signed call of the storefront API (docs/storefront.md) as a client's server makes it; key is
 * the Idempotency-Key of a write. Gives the status and the decoded answer.
 */
export async function storefrontCall(base, client, method, path, body, key) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const hash = createHash('sha256').update(raw).digest('hex');
  const sig = createHmac('sha256', client.secret).update([method, path, '', ts, nonce, hash].join('\n')).digest('hex');
  const headers = { 'X-Client-Id': client.clientId, 'X-Timestamp': ts, 'X-Nonce': nonce, 'X-Signature': sig };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(`${base}${path}`, { method, body: body === undefined ? undefined : raw, headers });
  return { status: res.status, body: await res.json() };
}

/**
 * A goods of one SKU (code, price in yuan, stock) made as staff with token, and a storefront
 * client of the shop to sell it through; gives the client (clientId, secret).
 */
export async function sellable(bffURL, token, name, code, price, stock) {
  await apiCall(bffURL, token, 'POST', '/api/goods', {
    name, code, category: 'digital', status: 'on_sale',
    specs: [], skus: [{ code, specs: [], price, cost: '5.00', stock, lowStock: 2, onSale: true }],
  });
  return apiCall(bffURL, token, 'POST', '/api/openClients', { name: `店面 ${code}`, agencyId: null });
}

/**
 * An order of quantity × the SKU code for buyer ({ customerName, phone, address }) placed and paid
 * through the signed storefront API by client; key makes its idempotency keys. Gives the placed
 * order's answer (orderNo, amount…).
 */
export async function paidOrder(bffURL, client, code, quantity, buyer, key) {
  const placed = await storefrontCall(bffURL, client, 'POST', '/open/v1/orders',
    { ...buyer, freight: '0.00', items: [{ skuCode: code, quantity }] }, `e2e-order-${key}`);
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const paid = await storefrontCall(bffURL, client, 'POST', `/open/v1/orders/${placed.body.orderNo}/paid`, { amount: placed.body.amount }, `e2e-paid-${key}`);
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  return placed.body;
}

/**
 * A shipped order of a new SKU (code) made through the API as staff with token: the goods and a
 * storefront client (sellable), the order placed and paid (paidOrder), then 发货 by 顺丰速运 (SF)
 * with trackingNo. Gives the order's row (id, orderNo, shipmentFixUntil…).
 */
export async function shippedOrder(bffURL, token, code, trackingNo) {
  const client = await sellable(bffURL, token, `物流商品 ${code}`, code, '40.00', 20);
  const placed = await paidOrder(bffURL, client, code, 1,
    { customerName: '物流顾客', phone: '13900002468', address: '杭州市西湖区文三路 8 号' }, code);
  const { id } = (await apiCall(bffURL, token, 'GET', `/api/orders?orderNo=${placed.orderNo}&page=0&size=1`)).content[0];
  await apiCall(bffURL, token, 'PUT', `/api/orders/${id}/ship`, { expressCompany: 'SF', trackingNo });
  const row = (await apiCall(bffURL, token, 'GET', `/api/orders?orderNo=${placed.orderNo}&page=0&size=1`)).content[0];
  assert.equal(row.status, 'shipped');
  assert.ok(row.shipmentFixUntil, `a fresh shipment may be corrected: ${JSON.stringify(row)}`);
  return row;
}
