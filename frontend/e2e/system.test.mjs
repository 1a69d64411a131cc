import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, newPage, screenshot, browserMissing } from './harness.mjs';
import { signIn, signOut, noErrors } from './flows.mjs';

const skip = browserMissing();
let stack;
let browser;
before(async () => {
  if (skip) return;
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Ticks or unticks the node titled `title` in the role dialog's menu tree; `after` names a node above it. */
async function tick(dialog, title, { after, on = true } = {}) {
  const nodes = dialog.locator('.ant-tree-treenode:not([aria-hidden])');
  const titles = await nodes.locator('.ant-tree-title').allTextContents();
  const from = after ? titles.indexOf(after) : 0;
  assert.ok(from >= 0, `no tree node ${after}`);
  const i = titles.indexOf(title, from);
  assert.ok(i >= 0, `no tree node ${title} after ${after}`);
  const box = nodes.nth(i).locator('.ant-tree-checkbox');
  const checked = ((await box.getAttribute('class')) ?? '').includes('ant-tree-checkbox-checked');
  if (checked !== on) await box.click();
}

/** The titles of 系统管理's pages in the sidebar. */
async function systemPages(page) {
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /用户管理|在线用户|操作日志/ }).first().waitFor();
  const items = await page.locator('.ant-menu-sub .ant-menu-item').allTextContents();
  return items.map((s) => s.trim()).filter(Boolean);
}

test('an administrator grants a role a few menus and buttons; its user sees exactly those', { skip }, async () => {
  const page = await newPage(browser);
  await page.goto(`${stack.bffURL}/login`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);

  // 角色管理 → 新增: 用户管理 with only its 新增 button, and 操作日志.
  await page.goto(`${stack.bffURL}/system/role`);
  await page.getByRole('cell', { name: '超级管理员', exact: true }).waitFor();
  await screenshot(page, 'system-01-roles');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '菜单分配' });
  await dialog.waitFor();
  await dialog.getByLabel('角色名称').fill('运营专员');
  await dialog.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
  await tick(dialog, '用户管理');
  await tick(dialog, '编辑', { after: '用户管理', on: false });
  await tick(dialog, '删除', { after: '用户管理', on: false });
  await tick(dialog, '操作日志');
  await screenshot(page, 'system-02-role-dialog');
  await dialog.getByRole('button', { name: /确\s*认|提\s*交|确\s*定/ }).last().click();
  await page.getByText('新增成功').waitFor();
  await page.getByRole('cell', { name: '运营专员', exact: true }).waitFor();

  // 用户管理 → 新增: a user holding the new role.
  await page.goto(`${stack.bffURL}/system/user`);
  await page.getByRole('cell', { name: 'staff', exact: true }).waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByRole('dialog').filter({ hasText: '密码' });
  await form.waitFor();
  // Validation first: an empty form names what is missing.
  await form.getByRole('button', { name: /确\s*认|提\s*交|确\s*定/ }).last().click();
  await form.getByText('邮箱地址不能为空').waitFor();
  await form.getByLabel('用户名').fill('zhaoliu');
  await form.getByLabel('昵称').fill('赵六');
  await form.getByLabel('电话').fill('12345');
  await form.getByLabel('邮箱').fill('zhaoliu@example.com');
  await form.getByText('请输入正确的手机号码').waitFor();
  await form.getByLabel('电话').fill('13700000006');
  const field = (label) => form.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) }).locator('.ant-select-selector');
  await field('部门').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '运营部' }).click();
  await field('角色').click();
  await page.locator('.ant-select-item-option', { hasText: '运营专员' }).click();
  await page.keyboard.press('Escape');
  await form.getByLabel('密码').fill('zhaoliu-pass');
  await screenshot(page, 'system-03-user-dialog');
  await form.getByRole('button', { name: /确\s*认|提\s*交|确\s*定/ }).last().click();
  await page.getByText('新增成功').waitFor();
  await page.getByRole('cell', { name: 'zhaoliu', exact: true }).waitFor();
  await screenshot(page, 'system-04-users');
  await signOut(page);
  await page.waitForURL(/\/login/);

  // The new user sees 用户管理 and 操作日志 only, and on 用户管理 only the 新增 button.
  await signIn(page, 'zhaoliu', 'zhaoliu-pass');
  await page.waitForURL(/\/dashboard$/);
  assert.deepEqual(await systemPages(page), ['用户管理', '操作日志']);
  await page.getByRole('menuitem', { name: /用户管理/ }).click();
  await page.waitForURL(/\/system\/user$/);
  await page.getByRole('cell', { name: 'zhaoliu', exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: '新增', exact: true }).count(), 1);
  for (const name of ['编辑', '删除', '重置密码']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `${name} is shown`);
  }
  assert.equal(await page.getByRole('switch').count(), 0, 'the enable switch needs user:edit');
  await screenshot(page, 'system-05-granted-user');
  await page.getByRole('menuitem', { name: /操作日志/ }).click();
  await page.waitForURL(/\/system\/log$/);
  await page.getByRole('cell', { name: '/api/users', exact: true }).first().waitFor();
  await screenshot(page, 'system-06-log');
  // A page the role does not hold is not routed.
  await page.goto(`${stack.bffURL}/system/role`);
  await page.waitForURL(/\/404$/);
  noErrors(page);
  await page.context().close();
});
