// The leave request end to end on the workflow engine (/applyForm, /startBatch): the seeded 请假
// form with the leave-date range picker, its days and the remaining annual leave (X when unknown),
// required fields, the server's balance check, the flow deciding the approver (≤ 3 days: the team
// lead), the lead approving from 我的待办 with the 待办 badge counting down, and the same leave
// started for two people (/batchDetail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, noErrors, signInAt, signInEmbedded, storedToken } from './flows.mjs';

const ctx = suite({ portal: true });
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
    await api(token, 'POST', '/api/users', { username, nickName, password: PASS, email: `${username}@example.com`, phone: '13800000088',
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
      // a range already chosen is cleared first, as a person would with the picker's ×
      const clear = item('请假时间').locator('.ant-picker-clear');
      if ((await clear.count()) > 0) {
        await item('请假时间').locator('.ant-picker').hover();
        await clear.click();
      }
      const inputs = item('请假时间').locator('.ant-picker-input input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(start);
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(end);
      await inputs.nth(1).press('Enter');
    },
    summary: () => item('请假时间').locator('.ant-typography').first(),
    async reason(text) {
      await item('请假事由').locator('textarea').fill(text);
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
    closeDropdown: () => page.keyboard.press('Escape'),
  };
}

/** Opens the seeded 请假 form on /applyForm or /startBatch. */
async function chooseLeave(page) {
  await page.getByRole('list', { name: '人事' }).getByRole('listitem', { name: '请假' }).click();
  await page.locator('.ant-form-item').filter({ has: page.locator('label[title="请假类型"]') }).waitFor();
}

/** The header's 待办 button carries the count in its name (antd draws the digits scrolling). */
const todo = (page, n) => page.getByRole('button', { name: `待办 ${n}` });

test('staff applies for annual leave on /applyForm; the team lead approves it', { skip }, async () => {
  const { stack } = ctx;
  const admin = await signedIn('admin', stack.passwords.admin);
  await fixture(await storedToken(admin));
  await admin.close();

  const page = await signedIn('staff', stack.passwords.demo);
  // reached from the sidebar: 流程 → 流程申请
  await page.getByRole('menuitem', { name: /流程$/ }).click();
  await page.getByRole('menuitem', { name: '流程申请', exact: true }).click();
  await page.waitForURL(/\/applyForm$/);
  assert.equal(await page.getByRole('menuitem', { name: '流程申请（多人）' }).count(), 0, 'staff holds no leave:batch');
  await chooseLeave(page);
  const f = leaveForm(page);
  await f.summary().filter({ hasText: '剩余年假 10 天' }).waitFor();

  // required first: nothing is sent
  await f.submit();
  await f.item('请假类型').getByText('该项为必填项，不能为空').waitFor();
  await screenshot(page, 'leave-01-required');

  // more annual leave than is left: the server's message, nothing started
  await f.type('年假');
  await f.range(`${year}-07-01 09:00`, `${year}-07-12 09:00`);
  await f.summary().filter({ hasText: '共 11 天' }).waitFor();
  await f.reason('长假');
  await f.submit();
  await page.locator('.ant-notification-notice, .ant-form-item-explain-error').filter({ hasText: '年假余额不足' }).first().waitFor();
  await screenshot(page, 'leave-02-over-balance');
  page.errors = page.errors.filter((e) => !/status of 400/.test(e));

  // 2.5 days of annual leave: ≤ 3 days goes to the team lead (运营部's head, lead)
  await f.range(`${year}-06-01 09:00`, `${year}-06-03 21:00`);
  await f.summary().filter({ hasText: '共 2.5 天' }).waitFor();
  await f.reason('回家探亲');
  await screenshot(page, 'leave-03-filled');
  await f.submit();
  await page.waitForURL(/\/flowDetail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  // the kept-alive 流程申请 page was emptied before the detail opened: nothing to send twice
  assert.equal(await page.getByPlaceholder('请输入请假事由').inputValue(), '');
  await page.getByText('回家探亲').waitFor();
  await page.getByText('审批中').first().waitFor();
  await screenshot(page, 'leave-04-submitted');
  const staffToken = await storedToken(page);
  assert.equal((await api(staffToken, 'GET', '/api/workflow/leave/balance')).remainingDays, 7.5);
  noErrors(page);

  // the lead: the badge counts it, 同意 from the detail, the badge goes down
  const lead = await signedIn('lead', stack.passwords.demo);
  await todo(lead, 1).click();
  await lead.waitForURL(/\/workflow\/tasks\?box=todo$/);
  await lead.getByRole('row').filter({ hasText: '请假' }).first().waitFor();
  await lead.goto(`${stack.bffURL}/flowDetail?id=${id}`);
  await lead.getByText('回家探亲').waitFor();
  await lead.getByRole('button', { name: /^同\s*意$/ }).click();
  await lead.getByRole('dialog').getByLabel('审批意见').fill('好好休息');
  await lead.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await lead.getByText('已通过').first().waitFor();
  await screenshot(lead, 'leave-05-approved');
  await lead.goto(`${stack.bffURL}/workflow/tasks?box=done`);
  await lead.getByRole('row').filter({ hasText: '请假' }).first().waitFor();
  await todo(lead, 0).waitFor();
  noErrors(lead);
  await Promise.all([page.close(), lead.close()]);

  // a user without an entitlement sees X
  const lisi = await signedIn('lisi', PASS);
  await lisi.goto(`${stack.bffURL}/applyForm`);
  await chooseLeave(lisi);
  await leaveForm(lisi).summary().filter({ hasText: '剩余年假 X 天' }).waitFor();
  await lisi.close();
});

test('/startBatch starts the same leave for two people', { skip }, async () => {
  const { stack } = ctx;
  const page = await signedIn('admin', stack.passwords.admin);
  await page.getByRole('menuitem', { name: /流程$/ }).click();
  await page.getByRole('menuitem', { name: '流程申请（多人）' }).click();
  await page.waitForURL(/\/startBatch$/);
  await chooseLeave(page);
  const f = leaveForm(page);

  await f.item('申请人').locator('.ant-select-selector').click();
  await f.pick(['总部', '运营部', '运营一组'], '李四', { tick: true });
  await f.pick(['运营二组'], '赵六', { tick: true });
  await f.closeDropdown();
  await f.type('事假');
  await f.range(`${year}-08-03 09:00`, `${year}-08-03 18:00`);
  await f.summary().filter({ hasText: '共 0.38 天' }).waitFor();
  await f.reason('团队外出培训');
  await screenshot(page, 'leave-06-batch-filled');
  await f.submit();
  await page.waitForURL(/\/batchDetail\?id=\d+$/);
  for (const who of ['李四', '赵六']) {
    await page.getByRole('row').filter({ hasText: who }).filter({ hasText: '审批中' }).waitFor();
  }
  await screenshot(page, 'leave-07-batch-submitted');
  noErrors(page);
});

test('inside the portal at /monomer: staff applies for leave and follows it on 流程详情', { skip }, async () => {
  const { stack } = ctx;
  const page = await newPage(ctx.browser);
  const app = await signInEmbedded(page, stack.portalURL, 'staff', stack.passwords.demo);
  await app.getByRole('menuitem', { name: /流程$/ }).click();
  await app.getByRole('menuitem', { name: '流程申请', exact: true }).click();
  await page.waitForURL(/\/monomer\/applyForm$/);
  await chooseLeave(page);
  const f = leaveForm(page);
  await f.type('事假');
  await f.range(`${year}-09-07 09:00`, `${year}-09-07 18:00`);
  await f.summary().filter({ hasText: '共 0.38 天' }).waitFor();
  await f.reason('办理证件');
  await f.submit();
  await page.waitForURL(/\/monomer\/flowDetail\?id=\d+$/);
  // the shown detail's: /applyForm stays alive behind it, its text still in its hidden field
  await app.getByText('办理证件').filter({ visible: true }).waitFor();
  await app.getByText('审批中').first().waitFor();
  await app.locator('[data-node="lead_short"].wf-current').waitFor();
  // a tall page inside the portal's fixed-height column leaves the tab strip its height
  const strip = await page.getByRole('tablist', { name: 'tabs' }).boundingBox();
  assert.ok(strip && strip.height >= 30, `tab strip height ${strip?.height}`);
  await screenshot(page, 'leave-08-portal-detail');
  noErrors(page);
  await page.context().close();
});
