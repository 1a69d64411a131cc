// The leave request (/applyForm, /startBatch): the leave-date range picker with the days and the
// remaining annual leave (X when unknown), the department/user picker choosing people (a
// department with child departments shows them, a leaf department its people), required fields,
// the server's balance check, and the same application started for several people.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, noErrors, signInAt, storedToken } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;
const year = new Date().getFullYear();
const PASS = 'leave-pass-1';

/** Admin API call with the token; fails the test on anything but 2xx. */
const api = (token, method, path, body) => apiCall(ctx.stack.bffURL, token, method, path, body);

/**
 * Two teams under 运营部 (staff's department, so inside staff's data scope): 李四 in 运营一组,
 * 赵六 and 王五 in 运营二组. None of them has an annual-leave entitlement.
 */
async function fixture(token) {
  const walk = (ns, out = {}) => (ns.forEach((d) => { out[d.name] = d.id; walk(d.children ?? [], out); }), out);
  const ids = walk((await api(token, 'GET', '/api/dept')).content);
  for (const name of ['运营一组', '运营二组']) await api(token, 'POST', '/api/dept', { name, pid: ids['运营部'], deptSort: 1 });
  const all = walk((await api(token, 'GET', '/api/dept')).content);
  const roles = await api(token, 'GET', '/api/roles/all');
  const staffRole = (Array.isArray(roles) ? roles : roles.content).find((r) => r.name === '普通员工');
  for (const [username, nickName, dept] of [['lisi', '李四', '运营一组'], ['zhaoliu', '赵六', '运营二组'], ['wangwu', '王五', '运营二组']]) {
    await api(token, 'POST', '/api/users', { username, nickName, password: PASS, email: `${username}@example.com`,
      dept: { id: all[dept] }, roles: [{ id: staffRole.id }] });
  }
}

const signedIn = async (username, password) => signInAt(await newPage(ctx.browser), ctx.stack.bffURL, username, password);

/** The parts of the leave form a person works with. */
function leaveForm(page) {
  const item = (label) => page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const node = (title) => dropdown.locator('.ant-select-tree-treenode').filter({ has: page.locator('.ant-select-tree-title', { hasText: title }) });
  return {
    item,
    node,
    async type(label) {
      await item('请假类型').locator('.ant-select-selector').click();
      await dropdown.locator('.ant-select-item-option', { hasText: label }).click();
    },
    async range(start, end) {
      const inputs = item('请假时间').locator('.ant-picker-input input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(start);
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(end);
      await inputs.nth(1).press('Enter');
    },
    summary: () => item('请假时间').locator('.ant-typography'),
    async reason(text) {
      await item('事由').locator('textarea').fill(text);
    },
    /** Opens the departments on the way, top first, then chooses the person. */
    async pick(path, person, { tick = false } = {}) {
      for (const dept of path) {
        const n = node(dept);
        if ((await n.getAttribute('class')).includes('ant-select-tree-treenode-switcher-open')) continue;
        await n.locator('.ant-select-tree-switcher').click();
      }
      const p = node(person);
      await p.waitFor();
      await (tick ? p.locator('.ant-select-tree-checkbox') : p.locator('.ant-select-tree-node-content-wrapper')).click();
    },
    // by its text: a loading icon's label joins the button's accessible name while a request runs
    submit: () => page.getByRole('button').filter({ hasText: /^\s*提\s*交\s*$/ }).click(),
    closeDropdown: () => page.locator('.ant-card-head-title').first().click(),
  };
}

test('staff applies for annual leave on /applyForm', { skip }, async () => {
  const { stack } = ctx;
  const admin = await signedIn('admin', stack.passwords.admin);
  await fixture(await storedToken(admin));
  await admin.close();

  const page = await signedIn('staff', stack.passwords.demo);
  // reached from the sidebar: 流程 → 流程申请
  await page.getByRole('menuitem', { name: /流程$/ }).click();
  await page.getByRole('menuitem', { name: '流程申请', exact: true }).click();
  await page.waitForURL(/\/applyForm$/);
  const f = leaveForm(page);
  await f.summary().filter({ hasText: '剩余年假 10 天' }).waitFor();
  assert.equal(await page.getByRole('menuitem', { name: '流程申请（多人）' }).count(), 0, 'staff holds no leave:batch');

  await f.type('年假');
  await f.range(`${year}-06-01 09:00`, `${year}-06-03 21:00`);
  await f.summary().filter({ hasText: '共 2.5 天' }).waitFor();
  await f.reason('回家探亲');

  // cc: two people from 运营二组, ticked
  await f.item('抄送').locator('.ant-select-selector').click();
  await f.node('运营部').waitFor();
  await f.pick(['运营部', '运营二组'], '赵六', { tick: true });
  await f.pick([], '王五', { tick: true });
  await f.closeDropdown();
  await f.item('抄送').locator('.ant-select-selection-item', { hasText: '王五' }).waitFor();

  // submit without an approver: the required message, nothing sent
  await f.submit();
  await f.item('审批人').getByText('该项为必填项，不能为空').waitFor();
  await screenshot(page, 'leave-01-required');

  // the approver: 运营部 has child departments, so opening it shows them and not its people
  await f.item('审批人').locator('.ant-select-selector').click();
  await f.node('运营部').locator('.ant-select-tree-switcher').click();
  await f.node('运营一组').waitFor();
  await f.node('运营二组').waitFor();
  assert.equal(await f.node('张三').count(), 0, 'a department with child departments shows them, not its people');
  await f.node('运营一组').locator('.ant-select-tree-switcher').click();
  await f.node('李四').waitFor();
  await screenshot(page, 'leave-02-approver-picker');
  await f.node('李四').locator('.ant-select-tree-node-content-wrapper').click();
  await f.item('审批人').locator('.ant-select-selection-item', { hasText: '李四' }).waitFor();
  await f.item('审批人').locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
  await f.closeDropdown();
  await screenshot(page, 'leave-03-filled');

  await f.submit();
  await page.getByText('提交成功').waitFor();
  const row = page.getByRole('row').filter({ hasText: '回家探亲' });
  await row.filter({ hasText: '李四（lisi）' }).filter({ hasText: '赵六（zhaoliu）、王五（wangwu）' }).filter({ hasText: '审批中' }).waitFor();
  assert.match(await row.innerText(), /年假[\s\S]*2\.5/);
  await f.summary().filter({ hasText: '剩余年假 7.5 天' }).waitFor();
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, 'leave-04-submitted');

  // more annual leave than is left: the server's message, nothing added
  await f.type('年假');
  await f.range(`${year}-07-01 09:00`, `${year}-07-11 09:00`);
  await f.summary().filter({ hasText: '共 10 天' }).waitFor();
  await f.reason('长假');
  await f.item('审批人').locator('.ant-select-selector').click();
  await f.pick(['运营部', '运营一组'], '李四');
  await f.submit();
  await page.locator('.ant-notification-notice').filter({ hasText: '年假余额不足：剩余7.5天，本次申请10天' }).waitFor();
  await page.waitForTimeout(400); // the notice slides in; let it arrive before the picture
  await screenshot(page, 'leave-05-over-balance');
  assert.equal(await page.getByRole('row').filter({ hasText: '长假' }).count(), 0);
  // the refused submit is the one failed request Chromium reports
  page.errors = page.errors.filter((e) => !/status of 400/.test(e));
  noErrors(page);
  await page.close();

  // a user without an entitlement sees X
  const lisi = await signedIn('lisi', PASS);
  await lisi.goto(`${stack.bffURL}/applyForm`);
  await leaveForm(lisi).summary().filter({ hasText: '剩余年假 X 天' }).waitFor();
  await lisi.close();
});

test('/startBatch starts the same leave for two people', { skip }, async () => {
  const { stack } = ctx;
  const page = await signedIn('admin', stack.passwords.admin);
  await page.getByRole('menuitem', { name: /流程$/ }).click();
  await page.getByRole('menuitem', { name: '流程申请（多人）' }).click();
  await page.waitForURL(/\/startBatch$/);
  const f = leaveForm(page);
  await f.summary().filter({ hasText: '剩余年假 X 天' }).waitFor();

  await f.item('申请人').locator('.ant-select-selector').click();
  await f.pick(['总部', '运营部', '运营一组'], '李四', { tick: true });
  await f.pick(['运营二组'], '赵六', { tick: true });
  await f.closeDropdown();
  await f.type('事假');
  await f.range(`${year}-08-03 09:00`, `${year}-08-03 18:00`);
  await f.summary().filter({ hasText: '共 0.38 天' }).waitFor();
  await f.reason('团队外出培训');
  await f.item('审批人').locator('.ant-select-selector').click();
  await f.pick(['总部', '运营部', '运营二组'], '王五');
  await f.item('审批人').locator('.ant-select-selection-item', { hasText: '王五' }).waitFor();
  await f.item('审批人').locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
  await screenshot(page, 'leave-06-batch-filled');
  await f.submit();
  await page.getByText('提交成功').waitFor();
  for (const who of ['李四（lisi）', '赵六（zhaoliu）']) {
    await page.getByRole('row').filter({ hasText: '团队外出培训' }).filter({ hasText: who }).waitFor();
  }
  await page.getByRole('row').filter({ hasText: '团队外出培训' }).first().scrollIntoViewIfNeeded();
  await screenshot(page, 'leave-07-batch-submitted');
  noErrors(page);
});
