// 个人中心 on real pages: profile edits (validated, kept after reload, shown in the header), the
// avatar (size check, upload, in the header after reload), a password change that ends the same
// user's session in another browser (the 401 confirm) and lets the new password in, the recent
// sign-ins; and one edit inside the portal at /monomer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';

const s = suite({ portal: true });

// a real 1×1 picture; padding after its end makes the large one
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (name, size = PNG.length) => ({ name, mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(Math.max(size - PNG.length, 0))]) });

const save = (scope) => scope.getByRole('button', { name: /^保\s?存$/ });
const userMenu = (scope) => scope.getByRole('button', { name: '用户菜单' });
const expiredBox = (page) => page.getByRole('dialog').filter({ hasText: '登录状态已过期，您可以继续留在该页面，或者重新登录' });

/** Waits until the header's avatar shows a loaded picture and returns its src. */
async function headerAvatar(scope) {
  const img = userMenu(scope).locator('img');
  await img.waitFor();
  await img.evaluate((el) => (el.complete ? null : new Promise((ok) => el.addEventListener('load', ok, { once: true }))));
  assert.ok(await img.evaluate((el) => el.naturalWidth > 0), 'the header avatar loaded');
  return img.getAttribute('src');
}

test('standalone: edit the profile, upload an avatar, change the password, see the sign-ins', { skip: s.skip }, async () => {
  const { stack, browser } = s;
  const page = await newPage(browser);
  await page.goto(`${stack.bffURL}/user/center`);
  await signIn(page, 'staff', stack.passwords.demo);
  await page.waitForURL(/\/user\/center$/);
  const profile = page.locator('.monomer-center-profile');
  await profile.getByText('138****0001').waitFor();
  await profile.getByText('zha*****@example.com').waitFor();
  await profile.getByText('运营部').waitFor();
  await screenshot(page, 'center-01-open');

  // 基本资料: a bad mobile number is refused here, a good edit is saved and shows in the header
  const phone = page.getByPlaceholder('请输入手机号');
  await phone.fill('12812345678');
  await save(page).click();
  await page.getByText('请输入正确的手机号码').waitFor();
  await screenshot(page, 'center-02-bad-phone');
  await phone.fill('13912345678');
  await page.getByPlaceholder('请输入昵称').fill('小张');
  await page.getByRole('radio', { name: '女' }).check();
  const [put] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/users/center')), save(page).click()]);
  assert.equal(put.status(), 204);
  await page.getByText('修改成功').waitFor();
  await userMenu(page).getByText('小张').waitFor();
  await profile.getByText('139****5678').waitFor();
  await screenshot(page, 'center-03-saved');
  await page.reload();
  await userMenu(page).getByText('小张').waitFor();
  assert.equal(await page.getByPlaceholder('请输入昵称').inputValue(), '小张');
  assert.equal(await page.getByPlaceholder('请输入手机号').inputValue(), '13912345678');
  assert.ok(await page.getByRole('radio', { name: '女' }).isChecked(), 'the gender was kept');

  // avatar: over the size limit refused before sending; a real picture becomes the account's
  const input = page.locator('.monomer-center input[type=file]');
  await input.setInputFiles(png('big.png', 2 * 1024 * 1024 + 1));
  await page.getByText('上传图片大小不能超过 2 MB!').waitFor();
  const [up] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/users/updateAvatar')), input.setInputFiles(png('我的头像.png'))]);
  assert.equal(up.status(), 200);
  const { avatar } = await up.json();
  assert.match(avatar, /^\/api\/files\/[0-9a-f]{32}\.png$/);
  await page.getByText('头像已更新').waitFor();
  assert.ok((await headerAvatar(page)).endsWith(avatar), 'the header shows the new avatar');
  const file = await fetch(`${stack.bffURL}${avatar}`);
  assert.equal(file.headers.get('content-type'), 'image/png');
  assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
  await page.reload();
  assert.ok((await headerAvatar(page)).endsWith(avatar), 'the avatar is the account’s, not the page’s');
  await page.locator('.monomer-center-avatar').click(); // the preview
  await page.locator('.ant-image-preview-img').waitFor();
  await screenshot(page, 'center-04-avatar-preview');
  await page.keyboard.press('Escape');
  await page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' });

  // the same user in another browser
  const other = await newPage(browser);
  await other.goto(`${stack.bffURL}/user/center`);
  await signIn(other, 'staff', stack.passwords.demo);
  await other.waitForURL(/\/user\/center$/);
  await other.getByPlaceholder('请输入昵称').waitFor();

  // 修改密码: the confirmation must match; success ends the other browser's session, not this one
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByPlaceholder('请输入旧密码').fill(stack.passwords.demo);
  await page.getByPlaceholder('请输入新密码').fill('new-pass-1');
  await page.getByPlaceholder('请输入确认密码').fill('new-pass-2');
  await save(page).filter({ visible: true }).click();
  await page.getByText('两次输入的密码不一致').waitFor();
  await page.getByPlaceholder('请输入确认密码').fill('new-pass-1');
  const [pass] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/users/updatePass')),
    save(page).filter({ visible: true }).click()]);
  assert.equal(pass.status(), 204);
  await page.getByText('修改成功').waitFor();
  await screenshot(page, 'center-05-password');

  await other.getByRole('tab', { name: '最近登录' }).click();
  const box = expiredBox(other);
  await box.getByRole('button', { name: '重新登录' }).waitFor();
  await screenshot(other, 'center-06-other-browser-ended');
  await box.getByRole('button', { name: '重新登录' }).click();
  await other.waitForURL(/\/login/);
  await signIn(other, 'staff', 'new-pass-1');
  await other.waitForURL(/\/user\/center$/);
  await userMenu(other).getByText('小张').waitFor();
  await other.context().close();

  // this browser stayed signed in: its recent sign-ins list the three, newest first
  await page.getByRole('tab', { name: '最近登录' }).click();
  const rows = page.locator('.monomer-center-signins tbody tr.ant-table-row');
  await rows.nth(2).waitFor();
  assert.equal(await rows.count(), 3, 'three sign-ins of staff');
  assert.match(await rows.first().innerText(), /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+127\.0\.0\.1\s+Chrome \d+ \(Linux\)\s+成功/);
  await screenshot(page, 'center-07-sign-ins');
  noErrors(page);
  await page.context().close();
});

test('inside the portal at /monomer: edit the nickname and upload an avatar from the personal center', { skip: s.skip }, async () => {
  const { stack, browser } = s;
  const page = await newPage(browser);
  await page.goto(`${stack.portalURL}/`);
  await page.locator('a[data-portal-link]', { hasText: '商城后台' }).click();
  await page.waitForURL(/\/monomer\/login/);
  const subapp = page.locator('#subapp');
  await signIn(subapp, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/monomer\/dashboard$/);
  await userMenu(subapp).click();
  await subapp.getByRole('menuitem', { name: '个人中心' }).click();
  await page.waitForURL(/\/monomer\/user\/center$/);

  const nick = subapp.getByPlaceholder('请输入昵称');
  await nick.waitFor();
  await nick.fill('门户管理员');
  await subapp.getByRole('radio', { name: '男' }).check();
  await subapp.getByPlaceholder('请输入手机号').fill('13712345678');
  await save(subapp).click();
  await subapp.getByText('修改成功').waitFor();
  await userMenu(subapp).getByText('门户管理员').waitFor();

  // the avatar is served by the BFF, another origin than the portal's page
  const [up] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/users/updateAvatar')),
    subapp.locator('.monomer-center input[type=file]').setInputFiles(png('admin.png'))]);
  assert.equal(up.status(), 200);
  const src = await headerAvatar(subapp);
  assert.ok(src.startsWith(stack.bffURL + '/api/files/'), `the avatar is loaded from the BFF: ${src}`);
  await screenshot(page, 'center-08-portal');
  noErrors(page);
  await page.context().close();
});

test('退出所有设备 ends the sign-in in every browser, this one too', { skip: s.skip }, async () => {
  const [here, there] = [await newPage(s.browser), await newPage(s.browser)];
  for (const page of [here, there]) {
    await page.goto(`${s.stack.bffURL}/user/center`);
    await signIn(page, 'lead', s.stack.passwords.demo);
    await page.waitForURL(/\/user\/center$/);
    await page.getByRole('tab', { name: '最近登录' }).waitFor(); // the page has its profile
  }
  await here.getByRole('tab', { name: '最近登录' }).click();
  await here.getByRole('button', { name: '退出所有设备' }).click();
  const ask = here.getByRole('dialog').filter({ hasText: '将结束您在所有设备和浏览器上的登录（包括当前），确定吗？' });
  await ask.waitFor();
  await screenshot(here, 'center-09-everywhere');
  await ask.getByRole('button', { name: /确\s*定/ }).click();
  await here.waitForURL(/\/login/);
  // The other browser's next call finds its session gone: the 401 confirm.
  await there.getByRole('tab', { name: '最近登录' }).click();
  await expiredBox(there).waitFor();
  noErrors(here);
  await Promise.all([here.context().close(), there.context().close()]);
});

test('强制下线 in 用户管理 signs one user out on every device', { skip: s.skip }, async () => {
  const api = (path, init = {}) => fetch(`${s.stack.bffURL}${path}`, init);
  const signInAPI = async () =>
    (await (await api('/api/auth/login', { method: 'POST', body: new URLSearchParams({ username: 'staff', password: s.stack.passwords.demo }) })).json()).token;
  const tokens = [await signInAPI(), await signInAPI()];
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/system/user`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/system\/user$/);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: 'staff', exact: true }) });
  await row.getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: '强制下线' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '确定让用户 staff 在所有设备上下线吗？' });
  await ask.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('已强制下线').first().waitFor();
  await screenshot(page, 'center-10-user-signed-out');
  for (const token of tokens) assert.equal((await api('/api/auth/info', { headers: { Authorization: token } })).status, 401);
  noErrors(page);
  await page.context().close();
});
