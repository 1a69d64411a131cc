// Shared form blocks on the system pages: the department/user picker in the role dialog's custom
// data scope (the tree opens lazily: a department with child departments shows them, otherwise its
// people; the chosen departments are what the role is saved with), and the user dialog's 状态
// dropdown filled from the user_status dictionary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, suite } from './harness.mjs';
import { asAdmin, noErrors } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;

test('role dialog: custom data scope picked from the lazy department tree', { skip }, async () => {
  const { stack } = ctx;
  const { page, token } = await asAdmin(ctx.browser, ctx.stack);

  await page.goto(`${stack.bffURL}/system/role`);
  await page.getByRole('cell', { name: '超级管理员', exact: true }).waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '菜单分配' });
  await dialog.waitFor();
  await dialog.getByLabel('角色名称').fill('华东运营');
  const field = (label) => dialog.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) }).locator('.ant-select-selector');
  const lists = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/dept/list')) lists.push(new URL(r.url()).searchParams.get('deptId'));
  });
  await field('数据权限').click();
  await page.locator('.ant-select-item-option', { hasText: '自定义' }).click();

  await field('数据范围').click();
  const node = (title) => page.locator('.ant-select-tree-treenode').filter({ has: page.locator('.ant-select-tree-title', { hasText: title }) });
  await node('总部').waitFor();
  assert.equal(await node('运营部').count(), 0, 'children load only when their department opens');
  // 总部 has child departments: opening it shows them
  await node('总部').locator('.ant-select-tree-switcher').click();
  await node('运营部').waitFor();
  await node('客服部').waitFor();
  // 运营部 has none: opening it shows its people, who cannot be ticked
  await node('运营部').locator('.ant-select-tree-switcher').click();
  const person = node('staff');
  await person.waitFor();
  assert.equal(await person.locator('.ant-select-tree-checkbox').count(), 0, 'people are not departments');
  await node('运营部').locator('.ant-select-tree-checkbox').click();
  await node('客服部').locator('.ant-select-tree-checkbox').click();
  // what a person sees: both ticked in the tree, not only as tags
  for (const title of ['运营部', '客服部']) {
    await node(title).locator('.ant-select-tree-checkbox-checked').waitFor();
  }
  await page.waitForTimeout(300); // the tick animates in; let it finish before the picture
  await screenshot(page, 'picker-01-role-depts');
  await dialog.locator('.ant-modal-title').click(); // closes the dropdown (Escape would close the dialog)
  await node('总部').waitFor({ state: 'hidden' });
  await dialog.locator('.ant-select-selection-item', { hasText: '运营部' }).waitFor();
  await dialog.getByRole('button', { name: /确\s*认|提\s*交|确\s*定/ }).last().click();
  await page.getByText('新增成功').waitFor();
  await page.getByRole('cell', { name: '华东运营', exact: true }).waitFor();

  // saved with exactly those two departments
  const headers = { Authorization: token };
  const depts = await (await fetch(`${stack.bffURL}/api/dept?name=`, { headers })).json();
  const ids = {};
  const walk = (ns) => ns.forEach((d) => { ids[d.name] = d.id; walk(d.children ?? []); });
  walk(depts.content);
  const roles = await (await fetch(`${stack.bffURL}/api/roles?blurry=${encodeURIComponent('华东运营')}`, { headers })).json();
  assert.equal(roles.content[0].dataScope, 'custom');
  assert.deepEqual(lists, ['0', String(ids['总部']), String(ids['运营部'])], 'one level per opened department');
  assert.deepEqual([...roles.content[0].depts].sort(), [ids['运营部'], ids['客服部']].sort());

  // editing shows the departments by name, although their branch is not opened
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '华东运营', exact: true }) });
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog').filter({ hasText: '菜单分配' });
  await edit.locator('.ant-select-selection-item', { hasText: '客服部' }).waitFor();
  await screenshot(page, 'picker-02-role-edit');
  noErrors(page);
});

test('user dialog: 状态 is a dropdown of the user_status dictionary', { skip }, async () => {
  const { stack } = ctx;
  const { page, token } = await asAdmin(ctx.browser, ctx.stack);
  const headers = { Authorization: token, 'Content-Type': 'application/json' };
  // the dictionary decides the words: rename 禁用 to 停用 first
  const dicts = await (await fetch(`${stack.bffURL}/api/dict?page=0&size=99&blurry=user_status`, { headers })).json();
  const dict = dicts.content.find((d) => d.name === 'user_status');
  const details = await (await fetch(`${stack.bffURL}/api/dictDetail?dictName=user_status&page=0&size=9999`, { headers })).json();
  const off = details.content.find((d) => d.value === 'false');
  const put = await fetch(`${stack.bffURL}/api/dictDetail`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ id: off.id, dict: { id: dict.id }, label: '停用', value: 'false', dictSort: off.dictSort }),
  });
  assert.ok(put.ok, `rename: ${put.status}`);

  const asked = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/dictDetail')) asked.push(Object.fromEntries(new URL(r.url()).searchParams));
  });
  await page.goto(`${stack.bffURL}/system/user`);
  await page.getByRole('cell', { name: 'staff', exact: true }).waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByRole('dialog').filter({ hasText: '密码' });
  await form.waitFor();
  const field = (label) => form.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) }).locator('.ant-select-selector');
  await form.locator('.ant-select-selection-item', { hasText: '激活' }).waitFor();
  await field('状态').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  // the dropdown animates in: read its entries once both are there (bounded: 50 × 100 ms)
  let words = [];
  for (let i = 0; i < 50 && words.length < 2; i++) {
    words = await options.allTextContents();
    if (words.length < 2) await page.waitForTimeout(100);
  }
  assert.deepEqual(words, ['激活', '停用']);
  assert.deepEqual(asked, [{ pageNow: '1', pageSize: '999', dictName: 'user_status' }]);
  await options.filter({ hasText: '停用' }).click();
  await screenshot(page, 'dict-01-user-status');

  await form.getByLabel('用户名').fill('qianqi');
  await form.getByLabel('昵称').fill('钱七');
  await form.getByLabel('邮箱').fill('qianqi@example.com');
  await form.getByLabel('电话').fill('13800000077');
  await field('部门').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '运营部' }).click();
  await field('角色').click();
  await page.locator('.ant-select-item-option', { hasText: '普通员工' }).click();
  await form.locator('.ant-modal-title').click();
  await form.getByLabel('密码').fill('qianqi-pass');
  await form.getByRole('button', { name: /确\s*认|提\s*交|确\s*定/ }).last().click();
  await page.getByText('新增成功').waitFor();
  const users = await (await fetch(`${stack.bffURL}/api/users?blurry=qianqi`, { headers })).json();
  assert.equal(users.content[0].enabled, false, 'saved as the chosen dictionary value');
  noErrors(page);
});

test('操作日志 on the shared table: serial numbers, search by user from page 0', { skip }, async () => {
  const { stack } = ctx;
  const { page } = await asAdmin(ctx.browser, ctx.stack);
  await page.goto(`${stack.bffURL}/system/log`);
  await page.getByRole('columnheader', { name: '序号' }).waitFor();
  await page.getByRole('cell', { name: '/api/auth/login', exact: true }).first().waitFor();
  const asked = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/logs') asked.push(new URL(r.url()).searchParams);
  });
  await page.getByRole('textbox', { name: '用户名' }).fill('nobody-here');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.locator('.ant-empty').first().waitFor();
  const q = asked.at(-1);
  assert.equal(q.get('username'), 'nobody-here');
  assert.equal(q.get('page'), '0');
  await screenshot(page, 'system-13-log-search');
  noErrors(page);
});
