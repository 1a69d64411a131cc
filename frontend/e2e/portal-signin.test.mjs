// Sign-in from the host portal: a portal that passes getAssertion (its signed statement for the
// employee it has signed in) gets the console signed in without /login; a refused assertion
// falls back to /login with the reason. The portal signs for staff's employee number E1001.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { browserMissing, startStack, launchBrowser, newPage, screenshot } from './harness.mjs';
import { noErrors } from './flows.mjs';

const skip = browserMissing();
const secret = randomBytes(24).toString('base64url');
let trusted, untrusted, browser;

before(async () => {
  if (skip) return;
  [trusted, untrusted, browser] = await Promise.all([
    startStack({ portal: true, env: { BFF_PORTAL_SECRET: secret }, portalEnv: { PORTAL_SECRET: secret, PORTAL_EMP_NO: 'E1001' } }),
    // This portal signs with a secret the BFF does not share.
    startStack({ portal: true, env: { BFF_PORTAL_SECRET: secret }, portalEnv: { PORTAL_SECRET: `${secret}-other`, PORTAL_EMP_NO: 'E1001' } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await Promise.all([trusted?.stop(), untrusted?.stop()]);
});

test('the portal\'s assertion signs the employee in without showing /login', { skip }, async () => {
  const page = await newPage(browser);
  const seen = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname); });
  await page.goto(`${trusted.portalURL}/monomer/system/online`);
  const app = page.locator('#subapp');
  // 在线用户 lists the session that the assertion just opened, for staff (张三).
  await app.getByRole('cell', { name: 'staff', exact: true }).first().waitFor();
  await app.getByText('张三').first().waitFor();
  await screenshot(page, 'portal-signin-01-signed-in');
  assert.equal(await app.getByLabel('密码').count(), 0, 'no sign-in form was shown');
  assert.ok(!seen.some((p) => p.endsWith('/login')), `never at /login: ${seen.join(' → ')}`);
  assert.equal(new URL(page.url()).pathname, '/monomer/system/online');
  noErrors(page);
});

test('a refused assertion falls back to /login with the reason', { skip }, async () => {
  const page = await newPage(browser);
  await page.goto(`${untrusted.portalURL}/monomer/dashboard`);
  const app = page.locator('#subapp');
  await app.getByRole('alert').filter({ hasText: '门户登录未成功：签名无效，请用账号密码登录' }).waitFor();
  await app.getByLabel('用户名').waitFor();
  assert.match(page.url(), /\/monomer\/login\?redirect=%2Fdashboard$/);
  await screenshot(page, 'portal-signin-02-refused');
  // The form still works.
  await app.getByLabel('用户名').fill('staff');
  await app.getByLabel('密码').fill(untrusted.passwords.demo);
  await app.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL(/\/monomer\/dashboard$/);
  // A 401 of the refused loginAccount is expected in the console.
  noErrors(page);
});
