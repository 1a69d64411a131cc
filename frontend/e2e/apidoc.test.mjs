// 接口文档: the BFF's own Swagger UI (no CDN) in the console, standalone and inside the portal,
// reading the document with the signed-in user's session (api:doc).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, newPage, screenshot } from './harness.mjs';
import { signIn, signInEmbedded, noErrors } from './flows.mjs';

const s = suite({ portal: true });

/** The frame lists the API's operations (the document was read with the session). */
async function seesOperations(page) {
  const frame = page.frameLocator('iframe[title="接口文档"]');
  await frame.locator('.opblock-summary-path[data-path="/api/goods"]').first().waitFor();
  await frame.locator('.opblock-summary-path[data-path="/api/users"]').first().waitFor();
}

test('standalone: admin opens 接口文档 from the sidebar and browses the API', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  const cdn = [];
  page.on('request', (r) => { if (!r.url().startsWith(s.stack.bffURL)) cdn.push(r.url()); });
  await page.goto(`${s.stack.bffURL}/login`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /接口文档/ }).click();
  await page.waitForURL(/\/system\/apidoc$/);
  await seesOperations(page);
  await screenshot(page, 'apidoc-01-standalone');
  assert.deepEqual(cdn.filter((u) => !u.startsWith('data:')), [], 'everything comes from the BFF');
  noErrors(page);
});

test('inside the portal: the frame gets the session from the console and lists the API', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  const app = await signInEmbedded(page, s.stack.portalURL, 'admin', s.stack.passwords.admin);
  await app.getByRole('menuitem', { name: /系统管理/ }).click();
  await app.getByRole('menuitem', { name: /接口文档/ }).click();
  await page.waitForURL(/\/monomer\/system\/apidoc$/);
  await seesOperations(page);
  await screenshot(page, 'apidoc-02-portal');
  noErrors(page);
});

test('staff without api:doc has no 接口文档 and is refused the document', { skip: s.skip }, async () => {
  const login = await fetch(`${s.stack.bffURL}/api/auth/login`, {
    method: 'POST', body: new URLSearchParams({ username: 'staff', password: s.stack.passwords.demo }),
  });
  const { token } = await login.json();
  const doc = await fetch(`${s.stack.bffURL}/api/openapi.json`, { headers: { Authorization: token } });
  assert.equal(doc.status, 403);
  const menus = await (await fetch(`${s.stack.bffURL}/api/menus/build`, { headers: { Authorization: token } })).text();
  assert.doesNotMatch(menus, /接口文档/);
});
