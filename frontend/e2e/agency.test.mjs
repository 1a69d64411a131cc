// 渠道管理 end to end against the real BFF, standalone and inside the portal at /monomer: staff
// create an agency and its operator; the operator signs in at /newLogin, uploads a logo on
// 我的渠道 and sees it in the header; staff 停用 the agency and the operator is thrown out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;

// a real 1×1 picture
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (name) => ({ name, mimeType: 'image/png', buffer: PNG });
const ok = /确\s*定/;
const rowOf = (scope, code) => scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code });

/** Creates an agency through 新增 and waits for its row. */
async function createAgency(scope, { name, code }, page = scope) {
  await scope.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = scope.getByRole('dialog').filter({ hasText: '渠道编码' });
  await dialog.getByLabel('渠道名称').fill(name);
  await dialog.getByLabel('渠道编码').fill(code);
  await dialog.getByLabel('联系人').fill('赵六');
  await dialog.getByLabel('联系电话').fill('13900000088');
  // 所在地区 is a cascader: typed words find the district, picked from the list
  await dialog.getByLabel('所在地区').click();
  await dialog.getByLabel('所在地区').fill('玄武');
  const found = scope.locator('.ant-cascader-menu-item').filter({ hasText: '江苏省 / 南京市 / 玄武区' });
  await found.waitFor();
  await screenshot(page, `agency-region-search-${code}`);
  await found.click();
  await dialog.getByTitle('江苏省 / 南京市 / 玄武区').waitFor();
  await screenshot(page, `agency-region-picked-${code}`);
  await dialog.getByLabel('详细地址').fill('中山路 1 号');
  await dialog.getByRole('button', { name: ok }).last().click();
  await scope.getByText('新增成功').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await rowOf(scope, code).waitFor();
  // stored as the readable text the BFF keeps
  await rowOf(scope, code).getByText('江苏省/南京市/玄武区').waitFor();
}

/** Opens the row's 运营账号 drawer and adds an operator there. */
async function createOperator(page, scope, code, { username, password }) {
  await rowOf(scope, code).getByRole('button', { name: '运营账号' }).click();
  const drawer = scope.locator('.ant-drawer-content').filter({ hasText: '的运营账号' });
  await drawer.getByRole('button', { name: '新增运营账号' }).click();
  const dialog = scope.getByRole('dialog').filter({ hasText: '新增运营账号' }).last();
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('昵称').fill('运营小赵');
  await dialog.getByLabel('手机号码').fill('13900000089');
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: ok }).last().click();
  await drawer.getByRole('cell', { name: username, exact: true }).waitFor();
  await screenshot(page, `agency-operators-${code}`);
  await drawer.locator('.ant-drawer-close').first().click();
  await drawer.waitFor({ state: 'hidden' });
}

/** On 我的渠道: uploads a logo and waits for it in the header. */
async function uploadLogo(page, scope) {
  await scope.getByText('渠道资料').waitFor();
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/agencyBasicInfo/uploadLogo')),
    scope.locator('input[type=file]').first().setInputFiles(png('logo.png')),
  ]);
  assert.equal(res.status(), 200);
  const { logo } = await res.json();
  assert.match(logo, /^\/api\/files\//);
  await scope.getByText('标志已更新').first().waitFor();
  const badge = scope.getByTestId('agency-badge');
  await badge.locator(`img[src$="${logo}"]`).waitFor();
  return { badge, logo };
}

test('standalone: staff create an agency and its operator; the operator signs in, uploads a logo; 停用 throws them out', { skip }, async () => {
  const { stack, browser } = ctx;
  const staff = await newPage(browser);
  await staff.goto(`${stack.bffURL}/channel/agency`);
  await signIn(staff, 'admin', stack.passwords.admin);
  await staff.waitForURL(/\/channel\/agency$/);
  await rowOf(staff, 'HZYQ').waitFor();
  await createAgency(staff, { name: '南京金陵渠道', code: 'E2E-NJ' });
  await rowOf(staff, 'E2E-NJ').getByText('未认证').waitFor();
  await screenshot(staff, 'agency-01-list');
  await createOperator(staff, staff, 'E2E-NJ', { username: 'nj-op', password: 'nj-op-pass' });

  const op = await newPage(browser);
  await op.goto(`${stack.bffURL}/newLogin`);
  await signIn(op, 'nj-op', 'nj-op-pass');
  await op.waitForURL(/\/dashboard$/);
  const badge = op.getByTestId('agency-badge');
  await badge.getByText('南京金陵渠道').waitFor();
  await op.locator('.ant-pro-sider').getByText('我的渠道').first().click();
  await op.locator('.ant-pro-sider').getByRole('menuitem', { name: /我的渠道/ }).last().click();
  await op.waitForURL(/\/mine\/agency$/);
  await op.getByText('中山路 1 号').or(op.getByLabel('详细地址')).first().waitFor();
  await uploadLogo(op, op);
  await op.getByRole('link', { name: '前往企业认证' }).waitFor();
  await screenshot(op, 'agency-02-operator-mine');

  // the logo shows in the staff list too
  await staff.reload();
  await rowOf(staff, 'E2E-NJ').locator('img[src*="/api/files/"]').waitFor();

  // 停用 (asked first): the operator's next call is refused and they land on /newLogin
  await rowOf(staff, 'E2E-NJ').getByRole('button', { name: '编辑' }).click();
  const dialog = staff.getByRole('dialog').filter({ hasText: '渠道编码' });
  await dialog.getByLabel('停用').check();
  await dialog.getByRole('button', { name: ok }).last().click();
  const confirm = staff.getByRole('dialog').filter({ hasText: '停用后该渠道的运营账号将立即退出登录' });
  await confirm.getByRole('button', { name: ok }).click();
  await staff.getByText('保存成功').first().waitFor();
  await rowOf(staff, 'E2E-NJ').getByText('停用').waitFor();
  await screenshot(staff, 'agency-03-disabled');

  await op.getByLabel('联系人').fill('还能改吗');
  await op.getByRole('button', { name: /保\s*存/ }).click();
  const box = op.getByRole('dialog').filter({ hasText: '登录状态已过期' });
  await box.waitFor();
  await screenshot(op, 'agency-04-operator-thrown-out');
  await box.getByRole('button', { name: '重新登录' }).click();
  await op.waitForURL(/\/newLogin$/);
  await signIn(op, 'nj-op', 'nj-op-pass');
  await op.getByText('所属渠道已停用').first().waitFor();
  await screenshot(op, 'agency-05-signin-refused');

  // 详情: the agency at /look with its operator
  await rowOf(staff, 'E2E-NJ').getByRole('button', { name: '详情' }).click();
  await staff.waitForURL(/\/look\?type=agency&id=\d+$/);
  await staff.getByRole('cell', { name: 'nj-op', exact: true }).waitFor();
  await staff.getByText('订单数').waitFor();
  await screenshot(staff, 'agency-06-look');
  assert.deepEqual([...staff.errors, ...op.errors].filter((e) => !/status of (400|405)/.test(e)) /* the refused call and sign-in */, []);
});

test('inside the portal at /monomer: staff create an agency, the demo operator uploads a logo', { skip }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser);
  await page.goto(`${stack.portalURL}/monomer/channel/agency`);
  const app = page.locator('#subapp');
  await app.getByLabel('用户名').waitFor();
  await signIn(app, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/monomer\/channel\/agency$/);
  await createAgency(app, { name: '门户渠道', code: 'E2E-PORTAL' }, page);
  // dialogs render inside the remote's container
  await createOperator(page, app, 'E2E-PORTAL', { username: 'portal-op', password: 'portal-op-pass' });
  await screenshot(page, 'agency-07-portal-list');

  const op = await newPage(browser);
  await op.goto(`${stack.portalURL}/monomer/newLogin`);
  const opApp = op.locator('#subapp');
  await opApp.getByLabel('用户名').waitFor();
  await signIn(opApp, 'portal-op', 'portal-op-pass');
  await op.waitForURL(/\/monomer\/dashboard$/);
  await op.goto(`${stack.portalURL}/monomer/mine/agency`);
  const { badge } = await uploadLogo(op, opApp);
  await badge.getByText('门户渠道').waitFor();
  await screenshot(op, 'agency-08-portal-operator-mine');
});
