// What a user sees when the server ends their session: staff get the 401 confirm, channel
// operators end up at their own sign-in (/newLogin).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, newPage, screenshot } from './harness.mjs';
import { signIn, storedToken, revoke } from './flows.mjs';

const s = suite();

function expiredBox(page) {
  return page.getByRole('dialog').filter({ hasText: '登录状态已过期，您可以继续留在该页面，或者重新登录' });
}

test('a staff session ended on the server shows the 401 confirm; 取消 stays, 重新登录 signs in again', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/system/online`);
  await signIn(page, 'staff', s.stack.passwords.demo);
  await page.waitForURL(/\/system\/online$/);
  await page.getByRole('cell', { name: 'staff', exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await revoke(s.stack.bffURL, await storedToken(page));

  await page.getByRole('button', { name: /查\s*询/ }).click();
  const box = expiredBox(page);
  await box.waitFor();
  await box.getByText('系统提示', { exact: true }).filter({ visible: true }).waitFor();
  await box.getByRole('button', { name: '重新登录' }).waitFor();
  await screenshot(page, 'session-01-staff-expired');
  await box.getByRole('button', { name: '取消' }).click();
  await box.waitFor({ state: 'hidden' });
  assert.match(page.url(), /\/system\/online$/, '取消 leaves the user on the page');

  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expiredBox(page).getByRole('button', { name: '重新登录' }).click();
  await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fonline/);
  assert.equal(await storedToken(page), null, '重新登录 cleared the token');
  await page.context().close();
});

test('a channel operator whose session ended lands on /newLogin (next navigation, and on reload)', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/newLogin`);
  await signIn(page, 'channel', s.stack.passwords.demo);
  await page.waitForURL(/\/dashboard$/);
  await page.getByText('订单数').first().waitFor();
  await page.waitForLoadState('networkidle');
  await revoke(s.stack.bffURL, await storedToken(page));

  // 个人中心 fetches the profile afresh, which the server refuses with 405.
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  const box = expiredBox(page);
  await box.waitFor();
  await screenshot(page, 'session-02-channel-expired');
  await box.getByRole('button', { name: '重新登录' }).click();
  await page.waitForURL(/\/newLogin$/);
  assert.equal(await storedToken(page), null);
  await page.getByText('渠道登录').first().waitFor();

  // Signed in again, session ended again, page reloaded: the failed user-info call ends on /newLogin.
  await signIn(page, 'channel', s.stack.passwords.demo);
  await page.waitForURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  await revoke(s.stack.bffURL, await storedToken(page));
  await page.reload();
  await page.waitForURL(/\/newLogin$/);
  assert.equal(await storedToken(page), null);
  await screenshot(page, 'session-03-channel-login');
  await page.context().close();
});

test('a channel token is refused on staff sign-in and a staff account on channel sign-in', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/newLogin`);
  await signIn(page, 'staff', s.stack.passwords.demo);
  await page.getByText('用户名或密码错误').waitFor();
  assert.match(page.url(), /\/newLogin$/);
  await page.context().close();
});

test('signing in with a redirect to a page the user may not open lands on /401, not /404', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/login?redirect=${encodeURIComponent('/system/role')}`);
  await signIn(page, 'staff', s.stack.passwords.demo);
  await page.waitForURL((u) => u.pathname === '/401');
  await screenshot(page, 'session-redirect-401');
  // a mistyped address is still 404
  await page.goto(`${s.stack.bffURL}/no/such/page`);
  await page.waitForURL((u) => u.pathname === '/404');
  await page.context().close();
});
