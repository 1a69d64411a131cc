// What a user sees when the server ends their session: staff get the 401 confirm, channel
// operators end up at their own sign-in (/newLogin).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, newPage, screenshot, settled } from './harness.mjs';
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
  await settled(page);
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
  await settled(page);
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
  await settled(page);
  await revoke(s.stack.bffURL, await storedToken(page));
  await page.reload();
  await page.waitForURL(/\/newLogin$/);
  assert.equal(await storedToken(page), null);
  await page.getByText('渠道登录').first().waitFor();
  await screenshot(page, 'session-03-channel-login');
  await page.context().close();
});

/** Signs the administrator in on a page of their own and 强退s the user's sessions on 在线用户. */
async function kickOnOnline(username) {
  const admin = await newPage(s.browser);
  await admin.goto(`${s.stack.bffURL}/login?redirect=${encodeURIComponent('/system/online')}`);
  await signIn(admin, 'admin', s.stack.passwords.admin);
  await admin.waitForURL(/\/system\/online$/);
  await admin.getByRole('textbox', { name: '用户名' }).fill(username);
  await admin.getByRole('button', { name: /查\s*询/ }).click();
  const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: username, exact: true }) }).first();
  await row.waitFor();
  await row.getByRole('button', { name: '强退' }).click();
  await admin.getByRole('dialog').filter({ hasText: '确定强制退出该用户吗？' }).getByRole('button', { name: /确\s*定/ }).click();
  await admin.getByText('已强制退出').waitFor();
  await admin.context().close();
}

const kickedBox = (page) => page.getByRole('dialog').filter({ hasText: '您已被管理员强制下线，您可以继续留在该页面，或者重新登录' });

test('kicked out on 在线用户: staff and a channel operator are told 您已被管理员强制下线, not 登录状态已过期', { skip: s.skip }, async () => {
  const staff = await newPage(s.browser);
  await staff.goto(`${s.stack.bffURL}/login`);
  await signIn(staff, 'staff', s.stack.passwords.demo);
  await staff.waitForURL(/\/dashboard$/);
  await settled(staff);
  const channel = await newPage(s.browser);
  await channel.goto(`${s.stack.bffURL}/newLogin`);
  await signIn(channel, 'channel', s.stack.passwords.demo);
  await channel.waitForURL(/\/dashboard$/);
  await settled(channel);
  await kickOnOnline('staff');
  await kickOnOnline('channel');

  for (const [page, shot] of [[staff, 'session-04-staff-kicked'], [channel, 'session-05-channel-kicked']]) {
    // no click needed: the message stream ends with the session, and the console says so at once
    const box = kickedBox(page);
    await box.waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, shot);
    assert.equal(await expiredBox(page).count(), 0, 'not said as an expiry');
    await box.getByRole('button', { name: '重新登录' }).click();
  }
  await staff.waitForURL(/\/login/);
  await channel.waitForURL(/\/newLogin$/);
  await staff.context().close();
  await channel.context().close();
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
