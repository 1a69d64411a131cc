// 我的待办's 批量同意 and 重新提交 of a rejected request (docs/workflow.md): the approver selects
// two pending requests of one form and approves both with one comment (they leave the list, each
// approved with that comment); one of another form in the selection is refused before anything is
// sent. A rejected request is sent again by its applicant from its detail: the form opens filled
// with the old values, and the submit makes a new request linked both ways to the old one, which
// stays rejected. The forms, their flow (one approver: lead) and the requests are made through the
// API (POST /api/workflow/forms, …/publish, /api/workflow/instances); the pages are what is tested.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, settled, suite } from './harness.mjs';
import { apiCall, noErrors, signInAt, storedToken } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;
const ok = /确\s*定/;

/** A page signed in as username, and its token for the API. */
async function signedIn(username, password) {
  const page = await newPage(ctx.browser, { viewport: { width: 1366, height: 768 } });
  await signInAt(page, ctx.stack.bffURL, username, password);
  return { page, token: await storedToken(page) };
}

/** A published form of 天数 and 事由 whose one approver is the user approver (lead). */
async function publishedForm(token, name, approver) {
  const { bffURL } = ctx.stack;
  const schema = { fields: [
    { key: 'days', type: 'number', label: '天数', required: true, min: 0, max: 365 },
    { key: 'reason', type: 'text', label: '事由', required: true },
  ] };
  const { id } = await apiCall(bffURL, token, 'POST', '/api/workflow/forms', { name, icon: 'form', group: '行政', schema });
  const flow = {
    id: 'start', type: 'start', name: '', props: { fieldPerms: {} },
    next: {
      id: 'n1', type: 'approver', name: '组长审批',
      props: { assignee: { kind: 'users', users: [{ id: approver.id, name: approver.nickName }] }, mode: 'or', empty: { action: 'pass' }, fieldPerms: {} },
      next: null,
    },
  };
  await apiCall(bffURL, token, 'PUT', `/api/workflow/forms/${id}`, { name, icon: 'form', group: '行政', schema, flow });
  await apiCall(bffURL, token, 'POST', `/api/workflow/forms/${id}/publish`, {});
  return id;
}

/** staff's request of the form; gives its id. */
async function apply(token, formId, days, reason) {
  return (await apiCall(ctx.stack.bffURL, token, 'POST', '/api/workflow/instances', { formId, data: { days, reason } })).id;
}

const instance = (token, id) => apiCall(ctx.stack.bffURL, token, 'GET', `/api/workflow/instances/${id}`);

/** The rows of 我的待办 (or another box) on the page, as shown. */
const taskRow = (page, text) => page.locator('main .ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** The admin makes the two forms; gives their ids. */
async function setUp() {
  const { passwords } = ctx.stack;
  const admin = await signedIn('admin', passwords.admin);
  const lead = (await apiCall(ctx.stack.bffURL, admin.token, 'GET', '/api/users?blurry=lead')).content.find((u) => u.username === 'lead');
  assert.ok(lead, 'the demo data has lead');
  const field = await publishedForm(admin.token, '外勤报备', lead);
  const car = await publishedForm(admin.token, '用车申请', lead);
  await admin.page.context().close();
  return { field, car };
}
let made;
/** The forms, made once for the file (each test may run alone). */
const forms = () => (made ??= setUp());

test('批量同意（2）: two requests of one form approved with one comment leave 我的待办; a mixed selection is refused', { skip, timeout: 240_000 }, async () => {
  const { passwords } = ctx.stack;
  const { field, car } = await forms();
  const staff = await signedIn('staff', passwords.demo);
  const a = await apply(staff.token, field, 1, '拜访客户甲');
  const b = await apply(staff.token, field, 2, '拜访客户乙');
  const c = await apply(staff.token, car, 1, '接送客户丙');
  await staff.page.context().close();

  const { page, token } = await signedIn('lead', passwords.demo);
  try {
    await page.goto(`${ctx.stack.bffURL}/workflow/tasks?box=todo`);
    const rowA = taskRow(page, '拜访客户甲');
    const rowB = taskRow(page, '拜访客户乙');
    const rowC = taskRow(page, '接送客户丙');
    await Promise.all([rowA.waitFor(), rowB.waitFor(), rowC.waitFor()]);
    const batch = (n) => page.getByRole('button', { name: n ? `批量同意（${n}）` : '批量同意' });
    assert.ok(await batch(0).isDisabled(), 'nothing selected: 批量同意 is disabled');

    // one of 用车申请 with one of 外勤报备: refused on the page, nothing sent
    await rowA.getByRole('checkbox').check();
    await rowC.getByRole('checkbox').check();
    let sent = 0;
    const count = (r) => { if (r.url().includes('/api/workflow/tasks/approve')) sent++; };
    page.on('request', count);
    await batch(2).click();
    await page.locator('.ant-message').getByText('只能批量同意同一表单的申请').waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog for a mixed selection');
    page.off('request', count);
    assert.equal(sent, 0, 'a mixed selection sends nothing');
    await rowC.getByRole('checkbox').uncheck();

    // the two of 外勤报备 with one comment
    await rowB.getByRole('checkbox').check();
    await batch(2).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '同意所选的 2 条「外勤报备」申请，使用同一审批意见。' });
    await dialog.getByLabel('审批意见').fill('同意，注意路上安全');
    await settled(page);
    await screenshot(page, 'wfbatch-01-dialog');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/workflow/tasks/approve') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: ok }).click(),
    ]);
    assert.equal(res.status(), 200);
    const body = JSON.parse(res.request().postData());
    assert.deepEqual([...body.instanceIds].sort((x, y) => x - y), [a, b].sort((x, y) => x - y));
    assert.equal(body.comment, '同意，注意路上安全');
    assert.deepEqual((await res.json()).results.map((r) => r.ok), [true, true]);
    await page.locator('.ant-message').getByText('已同意 2 条申请').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // both leave the list, the other form's stays, unselected
    await rowA.waitFor({ state: 'detached' });
    await rowB.waitFor({ state: 'detached' });
    await rowC.waitFor();
    assert.equal(await rowC.getByRole('checkbox').isChecked(), false, 'the selection is cleared');
    assert.ok(await batch(0).isDisabled());
    await settled(page);
    await screenshot(page, 'wfbatch-02-left-the-list');

    // each approved with the comment; 我的已办 lists them
    for (const id of [a, b]) {
      const inst = await instance(token, id);
      assert.equal(inst.status, 'approved', `#${id}`);
      assert.ok(inst.timeline.some((s) => s.action === 'approve' && s.comment === '同意，注意路上安全'), JSON.stringify(inst.timeline));
    }
    await page.goto(`${ctx.stack.bffURL}/workflow/tasks?box=done`);
    await taskRow(page, '拜访客户甲').filter({ hasText: '已通过' }).waitFor();
    await taskRow(page, '拜访客户乙').filter({ hasText: '已通过' }).waitFor();
    await page.goto(`${ctx.stack.bffURL}/flowDetail?id=${a}`);
    const step = page.locator('[data-step="approve"]').filter({ hasText: '同意，注意路上安全' });
    await step.waitFor();
    await page.locator('main .ant-card-head').getByText('已通过').waitFor();
    await step.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'wfbatch-03-approved-detail');
    noErrors(page);
    // the other one is still pending
    assert.equal((await instance(token, c)).status, 'running');
  } catch (err) {
    await screenshot(page, 'wfbatch-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});

test('a rejected request is sent again from its detail: the form filled as before, a new request linked to the old', { skip, timeout: 240_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const { field } = await forms();
  const staff = await signedIn('staff', passwords.demo);
  const lead = await signedIn('lead', passwords.demo);
  const { page } = staff;
  try {
    const old = await apply(staff.token, field, 3, '参加行业展会');
    await apiCall(bffURL, lead.token, 'POST', `/api/workflow/instances/${old}/reject`, { comment: '展会日期未定' });

    await page.goto(`${bffURL}/flowDetail?id=${old}`);
    // a visited request's page stays mounted in its tab, hidden: the shown one's head card
    const head = page.locator('main .ant-card').filter({ visible: true }).first();
    await head.locator('.ant-tag').filter({ hasText: '已拒绝' }).waitFor();
    await page.locator('[data-step="reject"]').filter({ hasText: '展会日期未定', visible: true }).waitFor();
    await head.getByRole('button', { name: '重新提交' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '将以修改后的内容发起一条新申请，原申请保持不变。' });
    await dialog.waitFor();
    // filled with the rejected request's values
    assert.equal(await dialog.getByLabel('事由').inputValue(), '参加行业展会');
    assert.equal(await dialog.getByLabel('天数').inputValue(), '3');
    await settled(page);
    await screenshot(page, 'wfbatch-04-resend-dialog');
    await dialog.getByLabel('事由').fill('参加行业展会（日期已定）');
    await dialog.getByLabel('天数').fill('2');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/workflow/instances/${old}/resend`) && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: ok }).click(),
    ]);
    assert.equal(res.status(), 201, await res.text());
    const { id: sent } = await res.json();
    assert.ok(sent && sent !== old);

    // the page goes to the new request: running, linked to the old one
    await page.waitForURL((u) => u.pathname === '/flowDetail' && u.searchParams.get('id') === String(sent));
    await head.locator('.ant-tag').filter({ hasText: '审批中' }).waitFor();
    await page.locator('main').getByText('参加行业展会（日期已定）').filter({ visible: true }).first().waitFor();
    const from = page.getByRole('link', { name: `#${old}`, exact: true }).filter({ visible: true });
    await from.waitFor();
    assert.match(await page.locator('.ant-descriptions-item').filter({ has: from }).innerText(), /重新提交自/);
    await settled(page);
    await screenshot(page, 'wfbatch-05-resent');

    // the server links them both ways; the old one stays rejected
    const [oldView, newView] = await Promise.all([instance(staff.token, old), instance(staff.token, sent)]);
    assert.equal(oldView.status, 'rejected');
    assert.equal(oldView.resentAs, sent);
    assert.equal(newView.resubmitOf, old);
    assert.equal(newView.status, 'running');
    assert.deepEqual(newView.data, { days: 2, reason: '参加行业展会（日期已定）' });

    // the approver has the new one to do
    await lead.page.goto(`${bffURL}/workflow/tasks?box=todo`);
    await taskRow(lead.page, '参加行业展会（日期已定）').waitFor();

    // back to the old one by the link (its tab, still open): rejected, linked to the new, and
    // not offered again (the server would refuse: 该申请已重新提交过)
    await from.click();
    await page.waitForURL((u) => u.searchParams.get('id') === String(old));
    await head.locator('.ant-tag').filter({ hasText: '已拒绝' }).waitFor();
    const to = page.getByRole('link', { name: `#${sent}`, exact: true }).filter({ visible: true });
    await to.waitFor();
    assert.match(await page.locator('.ant-descriptions-item').filter({ has: to }).innerText(), /已重新提交为/);
    assert.equal(await head.getByRole('button', { name: '重新提交' }).count(), 0, 'a request is sent again once');
    await settled(page);
    await screenshot(page, 'wfbatch-06-old-linked');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'wfbatch-failed-resend');
    throw err;
  } finally {
    await Promise.all([page.context().close(), lead.page.context().close()]);
  }
});
