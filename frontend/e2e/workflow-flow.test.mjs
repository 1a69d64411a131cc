// The flow designer and the approval pages against the engine (docs/workflow.md): design a flow
// with a condition at /flowDesign/:id and publish it; staff applies three times; the lead sees the
// 待办 badge, approves one (the badge goes down), rejects one (a comment is required), and staff
// withdraws the third. The form itself is created through the API: the form designer and
// /applyForm are another page's tests. NEEDS THE ENGINE (bff/internal/workflow).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { noErrors, signIn, storedToken } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;
const PASS = 'flow-pass-1';

async function api(token, method, path, body) {
  const res = await fetch(`${ctx.stack.bffURL}${path}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function signedIn(username, password) {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.stack.bffURL}/login`);
  await signIn(page, username, password);
  await page.waitForURL(/\/dashboard$/);
  return page;
}

/** 李四 (lisi), the team lead, in 运营部 with staff; the form 报销 with days and a reason. */
async function fixture(token) {
  const walk = (ns, out = {}) => (ns.forEach((d) => { out[d.name] = d.id; walk(d.children ?? [], out); }), out);
  const depts = walk((await api(token, 'GET', '/api/dept')).content);
  const roles = await api(token, 'GET', '/api/roles/all');
  const staffRole = (Array.isArray(roles) ? roles : roles.content).find((r) => r.name === '普通员工');
  await api(token, 'POST', '/api/users', { username: 'lisi', nickName: '李四', password: PASS, email: 'lisi@example.com', phone: '13800000088',
    dept: { id: depts['运营部'] }, roles: [{ id: staffRole.id }] });
  const schema = { fields: [
    { key: 'days', type: 'number', label: '天数', required: true, min: 0, max: 365 },
    { key: 'reason', type: 'text', label: '事由', required: true },
  ] };
  const { id } = await api(token, 'POST', '/api/workflow/forms', { name: '外出申请', icon: 'form', group: '行政', schema });
  return id;
}

const card = (page, id) => page.locator(`[data-node="${id}"]`);
const drawer = (page) => page.locator('.ant-drawer-content');
const dropdown = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

async function addAt(page, slot, what) {
  await page.locator(`[data-slot="${slot}"]`).click();
  await page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: what }).click();
}

/** Opens the drawer's people picker and chooses a person, opening departments on the way. */
async function pickPerson(page, path, person) {
  await drawer(page).locator('.ant-select-selector').first().click();
  const node = (title) => dropdown(page).locator('.ant-select-tree-treenode').filter({ has: page.locator('.ant-select-tree-title', { hasText: title }) });
  for (const dept of path) {
    const n = node(dept);
    await n.waitFor();
    if ((await n.getAttribute('class')).includes('switcher-open')) continue;
    await n.locator('.ant-select-tree-switcher').click();
  }
  await node(person).locator('.ant-select-tree-checkbox').click();
  await drawer(page).locator('.ant-drawer-title').click();
}

const badge = (page) => page.getByTestId('todo-badge');
async function badgeCount(page, n) {
  // antd writes the count as scrolling digits; the button's label carries the number
  await page.getByRole('button', { name: `待办 ${n}` }).waitFor();
}

test('design a flow with a condition, publish, apply, approve, reject and withdraw', { skip }, async () => {
  const { stack } = ctx;
  const admin = await signedIn('admin', stack.passwords.admin);
  const adminToken = await storedToken(admin);
  const formId = await fixture(adminToken);

  // design: start → 组长审批 (李四) → 条件分支 [天数 > 3 → 经理审批 (lead) | 默认] → 抄送 (unset, then removed)
  await admin.goto(`${stack.bffURL}/flowDesign/${formId}`);
  await card(admin, 'start').waitFor();
  await addAt(admin, 'start', '审批人');
  await card(admin, 'n1').click();
  await drawer(admin).getByLabel('节点名称').fill('组长审批');
  await pickPerson(admin, ['总部', '运营部'], '李四');
  await card(admin, 'n1').getByText('李四').waitFor();
  await drawer(admin).locator('.ant-drawer-close').click();

  await addAt(admin, 'n1', '条件分支');
  await card(admin, 'b3').click();
  await drawer(admin).getByRole('button', { name: '新增条件' }).click();
  await drawer(admin).getByLabel('值').fill('3');
  await drawer(admin).getByLabel('节点名称').fill('3天以上');
  await card(admin, 'b3').getByText('天数 大于 3').waitFor();
  await drawer(admin).locator('.ant-drawer-close').click();
  await addAt(admin, 'b3', '审批人');
  await card(admin, 'n5').click();
  await drawer(admin).getByLabel('节点名称').fill('经理审批');
  await pickPerson(admin, ['总部', '运营部'], '（lead）');
  await drawer(admin).locator('.ant-drawer-close').click();
  await screenshot(admin, 'workflow-flow-01-designed');

  // publish with an unset copy node: shown on the node, then removed and published
  await addAt(admin, 'n2', '抄送人');
  await admin.getByRole('button', { name: /^发\s*布$/ }).click();
  await card(admin, 'n6').getByRole('alert').filter({ hasText: '请设置抄送人' }).waitFor();
  await screenshot(admin, 'workflow-flow-02-problem');
  await card(admin, 'n6').getByRole('button', { name: '删除节点' }).click();
  await admin.getByRole('button', { name: /^发\s*布$/ }).click();
  await admin.getByText('已发布版本 1').waitFor();
  noErrors(admin);

  // staff applies three times (1, 2 and 5 days)
  const staff = await signedIn('staff', stack.passwords.demo);
  const staffToken = await storedToken(staff);
  const ids = [];
  for (const [days, reason] of [[1, '拜访客户'], [2, '参加展会'], [5, '出差']]) {
    ids.push((await api(staffToken, 'POST', '/api/workflow/instances', { formId, data: { days, reason } })).id);
  }

  // the lead: three to do; approve the first from 我的待办
  const lead = await signedIn('lisi', PASS);
  await badgeCount(lead, 3);
  await badge(lead).click();
  await lead.waitForURL(/\/workflow\/tasks\?box=todo$/);
  await lead.getByRole('row').filter({ hasText: '外出申请' }).first().waitFor();
  await screenshot(lead, 'workflow-flow-03-todo');
  await lead.goto(`${stack.bffURL}/flowDetail?id=${ids[0]}`);
  await lead.getByText('拜访客户').waitFor();
  await card(lead, 'n1').and(lead.locator('.wf-current')).waitFor();
  await screenshot(lead, 'workflow-flow-04-detail');
  await lead.getByRole('button', { name: /^同\s*意$/ }).click();
  await lead.getByRole('dialog').getByLabel('审批意见').fill('同意，注意安全');
  await lead.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await lead.getByText('已通过').first().waitFor();
  await lead.locator('[data-step="approve"]').filter({ hasText: '同意，注意安全' }).waitFor();
  // the badge reads the count again on navigation
  await lead.goto(`${stack.bffURL}/flowDetail?id=${ids[1]}`);
  await badgeCount(lead, 2);

  // reject the second: a comment is required
  await lead.getByRole('button', { name: /^拒\s*绝$/ }).click();
  await lead.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await lead.getByRole('dialog').getByText('请填写拒绝理由').waitFor();
  await lead.getByRole('dialog').getByLabel('审批意见').fill('时间冲突');
  await lead.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await lead.getByText('已拒绝').first().waitFor();
  await lead.locator('[data-step="reject"]').filter({ hasText: '时间冲突' }).waitFor();
  await screenshot(lead, 'workflow-flow-05-rejected');
  noErrors(lead);

  // staff withdraws the third (nobody has acted on it yet)
  await staff.goto(`${stack.bffURL}/workflow/tasks?box=mine`);
  await staff.getByRole('row').filter({ hasText: '外出申请' }).first().waitFor();
  await staff.goto(`${stack.bffURL}/flowDetail?id=${ids[2]}`);
  await staff.getByRole('button', { name: /^撤\s*回$/ }).click();
  await staff.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await staff.getByText('已撤回').first().waitFor();
  await screenshot(staff, 'workflow-flow-06-withdrawn');
  await lead.goto(`${stack.bffURL}/workflow/tasks?box=done`);
  await badgeCount(lead, 0);
  noErrors(staff);

  // 我的申请 is 我发起的 (docs/decisions.md "我的申请"): with eight more requests (two pages) it
  // has the pager of every list, and at 1366 px its columns fit, no cell wrapping or cut
  for (let i = 1; i <= 8; i++) await api(staffToken, 'POST', '/api/workflow/instances', { formId, data: { days: i, reason: `外出${i}` } });
  await staff.goto(`${stack.bffURL}/workflow/tasks?box=mine`);
  await listFits(staff, 11);
  await screenshot(staff, 'workflow-flow-07-mine');
  noErrors(staff);
  await Promise.all([admin.close(), staff.close(), lead.close()]);
});

/**
 * The shown list has the shared DataTable's pager (共 N 条, 10/15/20/30 条/页, 跳至 … 确定) and
 * fits the window: no cell on two lines, none cut, no sideways scrolling.
 */
async function listFits(page, total) {
  const main = page.locator('main .data-table:visible');
  await main.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const pager = main.locator('.ant-pagination');
  await pager.getByText(`共 ${total} 条`).waitFor();
  await pager.locator('.ant-pagination-options-quick-jumper').getByRole('button', { name: /确\s*定/ }).waitFor();
  await pager.locator('.ant-pagination-options-size-changer').click();
  const sizes = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await sizes.first().waitFor();
  assert.deepEqual(await sizes.allTextContents(), ['10 条/页', '15 条/页', '20 条/页', '30 条/页']);
  await page.keyboard.press('Escape');
  const misfits = await main.evaluate((table) => {
    const out = [];
    for (const td of table.querySelectorAll('.ant-table-tbody tr.ant-table-row td')) {
      const line = parseFloat(getComputedStyle(td).lineHeight) || 22;
      const range = document.createRange();
      range.selectNodeContents(td);
      const text = td.textContent.trim();
      if (text && range.getBoundingClientRect().height > line * 1.5) out.push(`wrapped: ${text}`);
      // a column made to shorten its text (摘要) keeps the whole of it in the cell's title
      const shortened = td.classList.contains('ant-table-cell-ellipsis');
      if (shortened && td.scrollWidth > td.clientWidth + 1 && (td.getAttribute('title') ?? td.querySelector('[title]')?.getAttribute('title')) !== text) out.push(`cut without its title: ${text}`);
      if (!shortened && td.scrollWidth > td.clientWidth + 1) out.push(`cut: ${text}`);
    }
    const body = table.querySelector('.ant-table-content, .ant-table-body');
    if (body && body.scrollWidth > body.clientWidth + 1) out.push(`scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
    return out;
  });
  assert.deepEqual(misfits, [], `at ${page.viewportSize().width} px`);
}

// A node the designer left unnamed is called as the canvas titles it (审批人 / Approver) in
// 我发起的, 我的待办 and the timeline, never by its id; 批量申请详情's 查看 fits its 操作 column.
test('an unnamed node is titled by its kind in both languages; the batch page', { skip }, async () => {
  const { stack } = ctx;
  const admin = await signedIn('admin', stack.passwords.admin);
  const token = await storedToken(admin);
  const me = await api(token, 'GET', '/api/auth/info');
  // the approver is lead: nobody approves their own request, so admin's own would pass at once
  const lead = (await api(token, 'GET', '/api/users?blurry=lead')).content.find((u) => u.username === 'lead');
  const schema = { fields: [{ key: 'reason', type: 'text', label: '事由', required: true }] };
  const { id: formId } = await api(token, 'POST', '/api/workflow/forms', { name: '无名节点', icon: 'form', group: '行政', schema });
  const flow = {
    id: 'start', type: 'start', name: '', props: { fieldPerms: {} },
    next: {
      id: 'n1', type: 'approver', name: '',
      props: { assignee: { kind: 'users', users: [{ id: lead.id, name: 'lead' }] }, mode: 'or', empty: { action: 'pass' }, fieldPerms: {} },
      next: null,
    },
  };
  await api(token, 'PUT', `/api/workflow/forms/${formId}`, { name: '无名节点', icon: 'form', group: '行政', schema, flow });
  await api(token, 'POST', `/api/workflow/forms/${formId}/publish`, {});
  const { id } = await api(token, 'POST', '/api/workflow/instances', { formId, data: { reason: '测试' } });

  const nodeCell = async (box, want, page = admin) => {
    await page.goto(`${stack.bffURL}/workflow/tasks?box=${box}`);
    const row = page.locator('main .ant-table-tbody tr.ant-table-row').filter({ hasText: '无名节点' }).first();
    await row.waitFor();
    const heads = await page.locator('main .ant-table-thead th').allTextContents();
    const cell = row.locator('td').nth(heads.findIndex((h) => /当前节点|Node/.test(h)));
    assert.equal((await cell.innerText()).trim(), want, `${box}: 当前节点`);
  };
  await nodeCell('mine', '审批人');
  await screenshot(admin, 'workflow-flow-08-unnamed-mine');
  const leadPage = await signedIn('lead', stack.passwords.demo);
  await nodeCell('todo', '审批人', leadPage);
  await leadPage.close();
  await admin.getByRole('button', { name: 'English', exact: true }).click();
  await admin.getByRole('button', { name: '中文', exact: true }).waitFor();
  await nodeCell('mine', 'Approver');
  await screenshot(admin, 'workflow-flow-09-unnamed-mine-en');
  await admin.goto(`${stack.bffURL}/flowDetail?id=${id}`);
  await admin.locator('[data-node="n1"] .wf-title-text').filter({ hasText: 'Approver' }).waitFor();
  await admin.locator('[data-step="submit"]').filter({ hasText: 'Initiator' }).waitFor();
  await screenshot(admin, 'workflow-flow-10-unnamed-detail-en');

  // 批量申请详情: 查看 whole in its 操作 column, in English and in Chinese
  const batch = await api(token, 'POST', '/api/workflow/batches', { formId, data: { reason: '批量' }, applicants: [me.user.id] });
  for (const [lang, view] of [['en', 'View'], ['zh', '查看']]) {
    await admin.goto(`${stack.bffURL}/batchDetail?id=${batch.id}`);
    const link = admin.locator('main .ant-table-tbody').getByRole('link', { name: view });
    await link.waitFor();
    const fits = await link.evaluate((a) => {
      const td = a.closest('td');
      return td.scrollWidth <= td.clientWidth && a.getClientRects().length === 1;
    });
    assert.ok(fits, `${lang}: 查看 fits its cell on one line`);
    await screenshot(admin, `workflow-flow-11-batch-${lang}`);
    if (lang === 'en') {
      await admin.getByRole('button', { name: '中文', exact: true }).click();
      await admin.getByRole('button', { name: 'English', exact: true }).waitFor();
    }
  }
  noErrors(admin);
  await admin.close();
});
