// 开放接口 against the real BFF: the administrator creates a client for the shop, reads its secret
// from the one-time modal, and a signed call with that secret reaches the storefront API;
// 轮换密钥 shows a new secret and the old one is refused; 吊销 ends the client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { newPage, screenshot, suite } from './harness.mjs';
import { noErrors, signIn } from './flows.mjs';

const s = suite();
const ok = /确\s*定/;

/** A signed GET of the storefront API (docs/storefront.md). */
async function signedGet(clientId, secret, path, query) {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const hash = createHash('sha256').update('').digest('hex');
  const sig = createHmac('sha256', secret).update(['GET', path, query, ts, nonce, hash].join('\n')).digest('hex');
  const res = await fetch(`${s.stack.bffURL}${path}?${query}`, {
    headers: { 'X-Client-Id': clientId, 'X-Timestamp': ts, 'X-Nonce': nonce, 'X-Signature': sig },
  });
  return { status: res.status, body: await res.json() };
}

/** The client id and secret the one-time modal shows. */
async function shownSecret(page) {
  const modal = page.locator('.ant-modal-content').filter({ hasText: '请保存客户端密钥' });
  await modal.getByText(/仅显示一次/).waitFor();
  const codes = await modal.locator('code').allInnerTexts();
  assert.equal(codes.length, 2);
  assert.equal(await modal.getByRole('button', { name: /复制|copy/i }).count(), 2, 'a copy button each');
  return { modal, clientId: codes[0].trim(), secret: codes[1].trim() };
}

test('admin creates a client, its one-time secret signs a call; rotate and revoke', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/login`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /开放接口/ }).click();
  await page.waitForURL(/\/system\/openClient$/);
  await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '演示店铺对接' }).waitFor();
  await screenshot(page, 'openclient-01-list');

  await page.getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '所属' });
  await dialog.getByLabel('名称').fill('官网商城');
  await dialog.getByRole('button', { name: ok }).click();
  const first = await shownSecret(page);
  assert.match(first.clientId, /^ck_[0-9a-f]{20}$/);
  assert.match(first.secret, /^sk_/);
  await screenshot(page, 'openclient-02-secret');
  await first.modal.getByRole('button', { name: '我已保存' }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: first.clientId });
  await row.waitFor();
  assert.doesNotMatch(await page.locator('.ant-table').innerText(), new RegExp(first.secret), 'the list never shows a secret');

  const call = await signedGet(first.clientId, first.secret, '/open/v1/skus', 'codes=NONE-1');
  assert.equal(call.status, 200, JSON.stringify(call.body));
  assert.deepEqual(call.body.missing, ['NONE-1']);

  await row.getByRole('button', { name: '轮换密钥' }).click();
  await page.getByRole('dialog').filter({ hasText: '旧密钥立即失效' }).getByRole('button', { name: ok }).click();
  const second = await shownSecret(page);
  assert.equal(second.clientId, first.clientId);
  assert.notEqual(second.secret, first.secret);
  await second.modal.getByRole('button', { name: '我已保存' }).click();
  assert.equal((await signedGet(first.clientId, first.secret, '/open/v1/skus', 'codes=NONE-1')).body.code, 'bad_signature');
  assert.equal((await signedGet(first.clientId, second.secret, '/open/v1/skus', 'codes=NONE-1')).status, 200);
  await page.reload();
  await row.waitFor();
  assert.match(await row.innerText(), /有效/);
  assert.doesNotMatch(await row.innerText(), /从未使用/, '最近使用 shows the signed calls');

  await row.getByRole('button', { name: '吊销' }).click();
  await page.getByRole('dialog').filter({ hasText: '无法恢复' }).getByRole('button', { name: ok }).click();
  await row.getByText('已吊销').waitFor();
  assert.equal((await signedGet(first.clientId, second.secret, '/open/v1/skus', 'codes=NONE-1')).body.code, 'revoked');
  await screenshot(page, 'openclient-03-revoked');
  noErrors(page);
});
