// What a person reads when something is refused or fails (issue 16): a failed sign-in's message
// does not follow onto the dashboard; Esc closes only the topmost popup of a dialog; a menu's icon
// is picked from the icons the sidebar draws; a refused request says in words what may not be
// done, and leaves no uncaught error on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { asAdmin, signIn } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;

async function api(token, method, path, body) {
  const res = await fetch(`${ctx.stack.bffURL}${path}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const notices = (page) => page.locator('.ant-notification-notice, .ant-message-notice');

test('a failed sign-in message does not linger after a good sign-in', { skip }, async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.stack.bffURL}/login`);
  await signIn(page, 'admin', 'not-the-password');
  await notices(page).filter({ hasText: '用户名或密码错误' }).waitFor();
  await signIn(page, 'admin', ctx.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await notices(page).filter({ hasText: '用户名或密码错误' }).waitFor({ state: 'detached', timeout: 2000 });
  await screenshot(page, 'messages-01-signed-in');
  assert.deepEqual(page.errors.filter((e) => !/status of 40[01]/.test(e)), []);
});

test('role dialog: Esc in the 数据范围 picker closes the picker, not the dialog', { skip }, async () => {
  const { page } = await asAdmin(ctx.browser, ctx.stack);
  await page.goto(`${ctx.stack.bffURL}/system/role`);
  await page.getByRole('cell', { name: '超级管理员', exact: true }).waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '菜单分配' });
  await dialog.waitFor();
  await dialog.getByLabel('角色名称').fill('不会丢的名字');
  const field = (label) => dialog.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) }).locator('.ant-select-selector');
  await field('数据权限').click();
  await page.locator('.ant-select-item-option', { hasText: '自定义' }).click();
  await field('数据范围').click();
  const tree = page.locator('.ant-select-tree-title', { hasText: '总部' });
  await tree.waitFor();
  await page.keyboard.press('Escape');
  await tree.waitFor({ state: 'hidden' });
  await page.waitForTimeout(300);
  assert.ok(await dialog.isVisible(), 'the dialog stays open');
  assert.equal(await dialog.getByLabel('角色名称').inputValue(), '不会丢的名字');
  await screenshot(page, 'messages-02-esc-picker');
  // with no popup open, Esc closes the dialog
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.deepEqual(page.errors, []);
});

// TODO: the picking and saving pass; reading the saved icon back from GET /api/menus does not find it yet (not diagnosed).
/** The first node titled `title` anywhere in a menu answer (a page of trees, or a tree). */
function findMenu(node, title) {
  if (Array.isArray(node)) return node.map((n) => findMenu(n, title)).find(Boolean);
  if (!node || typeof node !== 'object') return undefined;
  if (node.title === title) return node;
  return findMenu(node.content ?? node.children, title);
}

test('menu dialog: the icon is picked from a grid of the sidebar icons; the server refuses another name', { skip }, async () => {
  const { page, token } = await asAdmin(ctx.browser, ctx.stack);
  await page.goto(`${ctx.stack.bffURL}/system/menu`);
  await page.getByRole('cell', { name: '系统管理' }).first().waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '菜单标题' });
  await dialog.waitFor();
  const field = (label) => dialog.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
  await dialog.locator('label', { hasText: '目录' }).click();
  await field('菜单标题').locator('input').fill('图标测试');
  await field('路由地址').locator('input').fill('/icon-test');
  const item = field('图标');
  await item.locator('.ant-select-selector').click();
  const grid = page.getByRole('listbox', { name: '图标' });
  await grid.waitFor();
  assert.ok((await grid.getByRole('option').count()) >= 20, 'the grid shows the icons');
  await page.keyboard.type('cha');
  await grid.getByRole('option', { name: 'chart' }).waitFor();
  assert.equal(await grid.getByRole('option', { name: 'setting' }).count(), 0, 'typing filters the grid');
  await screenshot(page, 'messages-03-icon-grid');
  await grid.getByRole('option', { name: 'chart' }).click();
  await grid.waitFor({ state: 'hidden' });
  // the field shows the chosen icon with its name
  await item.locator('.ant-select-selection-item .anticon-bar-chart').waitFor();
  await dialog.getByRole('button', { name: /确\s*认|提\s*交|确\s*定/ }).last().click();
  await page.getByText('新增成功').waitFor();
  const menus = await api(token, 'GET', '/api/menus/tree');
  assert.equal(findMenu(menus.body, '图标测试')?.icon, 'chart', `saved with the picked icon: ${JSON.stringify(menus.body).slice(0, 300)}`);
  const refused = await api(token, 'POST', '/api/menus', { type: 0, title: '乱写图标', path: '/x-icon', icon: 'banana' });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.errors[0].field, 'icon');
  assert.deepEqual(page.errors, []);
});

test('a staff request refused on the server says in words what may not be done, and leaves no page error', { skip }, async () => {
  const { token } = await asAdmin(ctx.browser, ctx.stack);
  const staff = await newPage(ctx.browser);
  await staff.goto(`${ctx.stack.bffURL}/login`);
  await signIn(staff, 'staff', ctx.stack.passwords.demo);
  await staff.waitForURL(/\/dashboard$/);
  await staff.goto(`${ctx.stack.bffURL}/system/online`);
  await staff.locator('.ant-table-row').first().waitFor();
  // meanwhile the role loses its pages (the page in the browser still shows them)
  const roles = await api(token, 'GET', `/api/roles?blurry=${encodeURIComponent('普通员工')}`);
  const role = roles.body.content.find((r) => r.name === '普通员工');
  const put = (menus) => api(token, 'PUT', '/api/roles', { id: role.id, name: role.name, level: role.level, description: role.description,
    dataScope: role.dataScope, depts: role.depts ?? [], menus });
  assert.equal((await put([])).status, 204);
  try {
    const answer = staff.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/online');
    await staff.locator('.anticon-reload').first().click();
    assert.equal((await answer).status(), 403);
    const notice = notices(staff).filter({ hasText: '的权限' });
    await notice.waitFor();
    const text = await notice.innerText();
    assert.match(text, /你没有“在线用户”的权限/);
    assert.doesNotMatch(text, /[a-z]+:[a-z]+/i, 'no permission code');
    await staff.waitForURL(/\/401$/);
    await staff.waitForTimeout(500); // an uncaught rejection would be reported by now
    await screenshot(staff, 'messages-04-refused');
    assert.deepEqual(staff.errors.filter((e) => !/status of 403/.test(e)), [], 'no page error');
  } finally {
    await put(role.menus);
  }
});
