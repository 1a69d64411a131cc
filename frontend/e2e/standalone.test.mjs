import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, newPage, screenshot } from './harness.mjs';
import { signIn, signOut, noErrors } from './flows.mjs';

const s = suite();

test('admin signs in, uses the sidebar, and logs out', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  const res = await page.goto(`${s.stack.bffURL}/`);
  // The page runs under a Content-Security-Policy that allows no inline script but its own
  // (hashed); a violation would be a console error, which noErrors below fails on.
  const csp = res.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  assert.match(scriptSrc, /'sha256-/, `script-src: ${scriptSrc}`);
  assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/);
  assert.match(csp, /frame-ancestors 'self'/);
  // Signed out: / needs sign-in, so the guard sends the user to /login with the wanted path.
  await page.waitForURL(/\/login\?redirect=/);
  assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard');
  await assert.doesNotReject(page.getByLabel('验证码').waitFor({ state: 'detached', timeout: 2000 }),
    'captcha is off in this run, so no captcha field');
  await screenshot(page, 'standalone-01-login');

  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.getByText('订单数').first().waitFor();
  assert.equal(await page.title(), '数据概览 - 商城');
  await screenshot(page, 'standalone-02-dashboard');

  // The sidebar holds the server's menu tree: 系统管理 → 在线用户.
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /在线用户/ }).click();
  await page.waitForURL(/\/system\/online$/);
  await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor();
  assert.equal(await page.title(), '在线用户 - 商城');
  await screenshot(page, 'standalone-03-online');

  // A signed-in user opening /login is sent to /.
  await page.goto(`${s.stack.bffURL}/login`);
  await page.waitForURL(/\/dashboard$/);

  await signOut(page);
  await page.waitForURL(/\/login/);
  assert.equal(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOEKN')), null);
  assert.ok(!(await page.context().cookies()).some((c) => c.name === 'EL-ADMIN-TOEKN'), 'token cookie cleared');
  noErrors(page);
  await page.context().close();
});

test('a deep link survives sign-in; staff sees only what the role grants; unknown paths go to 404', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/system/online`);
  await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fonline/);
  await signIn(page, 'staff', s.stack.passwords.demo);
  await page.waitForURL(/\/system\/online$/);
  await page.getByRole('cell', { name: 'staff', exact: true }).first().waitFor();

  await page.goto(`${s.stack.bffURL}/no/such/page`);
  await page.waitForURL(/\/404$/);
  await screenshot(page, 'standalone-04-404');
  noErrors(page);
  await page.context().close();
});

test('remember-me keeps the token cookie for one day; without it the cookie ends with the browser', { skip: s.skip }, async () => {
  for (const remember of [true, false]) {
    const page = await newPage(s.browser);
    await page.goto(`${s.stack.bffURL}/login`);
    if (remember) await page.getByLabel('记住我').check();
    await signIn(page, 'staff', s.stack.passwords.demo);
    await page.waitForURL(/\/dashboard$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'EL-ADMIN-TOEKN');
    assert.ok(cookie, 'token cookie set');
    if (remember) {
      const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
      assert.ok(days > 0.99 && days <= 1.0001, `expires in ${days} days`);
    } else {
      assert.equal(cookie.expires, -1, 'a session cookie');
    }
    assert.equal(await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOEKN')), cookie.value
      .replace(/%20/g, ' '));
    await page.context().close();
  }
});

test('a wrong password shows the server message and the user stays on /login', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/login`);
  await signIn(page, 'staff', 'not-the-password');
  await page.getByText('用户名或密码错误').waitFor();
  assert.match(page.url(), /\/login/);
  await page.waitForTimeout(400); // the notice slides in; let it settle before the picture
  await screenshot(page, 'standalone-05-bad-password');
  await page.context().close();
});
