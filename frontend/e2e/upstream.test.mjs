// Upstream mode in the browser: an edge BFF hands the dictionary pages and 商品管理 to an origin
// (a second BFF in the origin role that trusts the edge's identity JWT). The pages work the same,
// standalone and inside the portal at /monomer, and what they show comes from the origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { browserMissing, startStack, launchBrowser, newPage, screenshot } from './harness.mjs';
import { signIn, signInEmbedded, noErrors } from './flows.mjs';

const skip = browserMissing();
const secret = randomBytes(24).toString('base64url'); // ≥ 32 characters
let origin, edge, browser;

/** Signs in to a BFF through its API (captcha off) and gives the token. */
async function apiLogin(url, username, password) {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
  assert.equal(res.status, 200, `sign-in at ${url}`);
  return (await res.json()).token;
}

async function post(url, token, path, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST', headers: { Authorization: token, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, `${path}: ${await res.text()}`);
  return res;
}

before(async () => {
  if (skip) return;
  origin = await startStack({ env: { BFF_TRUST_EDGE_SECRET: secret } });
  [edge, browser] = await Promise.all([
    startStack({
      portal: true,
      env: {
        BFF_UPSTREAMS: `/api/dict=${origin.bffURL}|replace,/api/dictDetail=${origin.bffURL}|replace,/api/goods=${origin.bffURL}|replace`,
        BFF_UPSTREAM_SECRET: secret,
      },
    }),
    launchBrowser(),
  ]);
  // A dictionary only the origin has: seeing it on the edge's page proves where it came from.
  const token = await apiLogin(origin.bffURL, 'admin', origin.passwords.admin);
  await post(origin.bffURL, token, '/api/dict', { name: 'origin_only', description: '上游的字典' });
  const list = await (await fetch(`${origin.bffURL}/api/dict?blurry=origin_only`, { headers: { Authorization: token } })).json();
  const id = list.content.find((d) => d.name === 'origin_only').id;
  await post(origin.bffURL, token, '/api/dictDetail', { dict: { id }, label: '来自上游', value: 'up', dictSort: 1 });
  // Goods only the origin has.
  await post(origin.bffURL, token, '/api/goods', { name: '上游的商品', code: 'ORIGIN-G1', category: 'digital', price: '19.90', cost: '9.00', stock: 5 });
});

/** 商品管理 on the edge lists the origin's goods (the edge's own table has none of that code). */
async function originGoods(page, scope, url) {
  await page.goto(url);
  await scope.getByLabel('名称/编码').fill('ORIGIN-');
  await scope.getByRole('button', { name: /查\s*询/ }).click();
  const row = scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'ORIGIN-G1' });
  await row.getByText('上游的商品').waitFor();
  await row.getByText('¥19.90').waitFor();
}

after(async () => {
  await browser?.close();
  await Promise.all([edge?.stop(), origin?.stop()]);
});

test('standalone: the dictionary page on the edge shows the origin\'s dictionaries', { skip }, async () => {
  const page = await newPage(browser);
  await page.goto(`${edge.bffURL}/login`);
  await signIn(page, 'admin', edge.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${edge.bffURL}/system/dict`);
  await page.getByRole('cell', { name: 'origin_only', exact: true }).click();
  await page.getByRole('cell', { name: '来自上游', exact: true }).waitFor();
  await screenshot(page, 'upstream-01-standalone');
  // The edge's own dictionaries never answered: its store has no origin_only.
  const edgeToken = await apiLogin(edge.bffURL, 'admin', edge.passwords.admin);
  const res = await fetch(`${edge.bffURL}/api/upstreams/metrics`, { headers: { Authorization: edgeToken } });
  assert.match(await res.text(), /bff_upstream_requests_total\{prefix="\/api\/dict",status="200"\} [1-9]/);
  await originGoods(page, page, `${edge.bffURL}/mall/goods`);
  await screenshot(page, 'upstream-03-goods');
  noErrors(page);
});

test('inside the portal at /monomer: the same page through the edge', { skip }, async () => {
  const page = await newPage(browser);
  const app = await signInEmbedded(page, edge.portalURL, 'admin', edge.passwords.admin);
  await page.goto(`${edge.portalURL}/monomer/system/dict`);
  await app.getByRole('cell', { name: 'origin_only', exact: true }).click();
  await app.getByRole('cell', { name: '来自上游', exact: true }).waitFor();
  await screenshot(page, 'upstream-02-monomer');
  await originGoods(page, app, `${edge.portalURL}/monomer/mall/goods`);
  await screenshot(page, 'upstream-04-goods-monomer');
  noErrors(page);
});

test('a signed-out browser gets the sign-in page, and the origin is not asked', { skip }, async () => {
  const page = await newPage(browser);
  await page.goto(`${edge.bffURL}/system/dict`);
  await page.waitForURL(/\/login\?redirect=/);
  const res = await fetch(`${edge.bffURL}/api/dict`);
  assert.equal(res.status, 401);
  noErrors(page);
});
