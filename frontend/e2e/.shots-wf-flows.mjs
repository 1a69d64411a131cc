// Throwaway (not committed): screenshots of the designer and detail pages with /api/workflow answered from a fixture.
import { startStack, launchBrowser, newPage } from './harness.mjs';
import { signIn } from './flows.mjs';

const fields = [
  { key: 'leave', type: 'leaveRange', label: '请假时间' },
  { key: 'kind', type: 'select', label: '请假类型', options: [{ label: '年假', value: 'annual' }, { label: '事假', value: 'personal' }] },
  { key: 'money', type: 'amount', label: '费用' },
  { key: 'reason', type: 'textarea', label: '事由' },
  { key: 'note', type: 'richtext', label: '说明' },
];
const approver = (id, name, users, next = null, extra = {}) => ({ id, type: 'approver', name,
  props: { assignee: { kind: 'users', users, roles: [], levels: 1 }, mode: 'or', empty: { action: 'pass', admin: null }, fieldPerms: {}, ...extra }, next });
const flow = { id: 'start', type: 'start', name: '发起人', props: { fieldPerms: {} },
  next: { id: 'n2', type: 'route', name: '条件分支', branches: [
    { id: 'b1', name: '3天以内', priority: 1, default: false, conditions: [{ kind: 'field', field: 'leave', op: 'le', value: 3 }], next: approver('n3', '组长审批', [{ id: 3, name: '李四' }]) },
    { id: 'b4', name: '年假', priority: 2, default: false, conditions: [{ kind: 'field', field: 'kind', op: 'in', value: ['annual'] }], next: approver('n5', '组长审批', [{ id: 3, name: '李四' }], approver('n6', '部门主管', [])) },
    { id: 'b2', name: '默认', priority: 3, default: true, conditions: [], next: null } ],
    next: { id: 'n9', type: 'cc', name: '抄送人', props: { users: [], roles: [{ id: 2, name: '普通员工' }] }, next: null } } };
flow.next.branches[1].next.next.props.assignee = { kind: 'leader', users: [], roles: [], levels: 2 };
flow.next.branches[1].next.next.props.mode = 'and';
const form = { id: 7, name: '请假申请', icon: 'form', group: '人事', version: 1, published: null, draft: { schema: { fields }, flow } };
const inst = { id: 11, status: 'running', form: { id: 7, name: '请假申请', version: 1, schema: { fields }, flow }, applicant: { id: 2, name: '张三' },
  data: { leave: ['2026-12-01 09:00:00', '2026-12-02 18:00:00'], kind: 'annual', money: 120.5, reason: '回家探亲\n第二行', note: '<p><strong>已交接</strong>工作</p>' },
  createTime: '2026-11-25 09:00:00', batchId: 4, currentNodeIds: ['n5'], passedNodeIds: ['start', 'n2', 'b4'],
  pending: [{ nodeId: 'n5', nodeName: '组长审批', users: [{ id: 3, name: '李四' }] }],
  timeline: [{ id: 1, nodeId: 'start', nodeName: '发起人', action: 'submit', user: { id: 2, name: '张三' }, comment: '', time: '2026-11-25 09:00:00', to: null },
    { id: 2, nodeId: 'n5', nodeName: '组长审批', action: 'transfer', user: { id: 5, name: '王五' }, comment: '请李四处理', time: '2026-11-25 10:00:00', to: { id: 3, name: '李四' } }],
  actions: ['approve', 'reject', 'return', 'transfer'], returnTargets: [{ nodeId: 'start', name: '发起人' }], fieldPerms: {} };

const stack = await startStack();
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await page.route('**/api/workflow/**', (route) => {
    const u = new URL(route.request().url());
    const json = (body, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (u.pathname === '/api/workflow/forms/7' && route.request().method() === 'GET') return json(form);
    if (u.pathname === '/api/workflow/forms/7') return route.fulfill({ status: 204, body: '' });
    if (u.pathname === '/api/workflow/forms/7/publish') return json({ status: 400, message: '流程有误', problems: [{ nodeId: 'n6', message: '审批人为空时转交的管理员未设置' }, { nodeId: 'b2', message: '默认分支不能设置条件' }] }, 400);
    if (u.pathname === '/api/workflow/instances/11') return json(inst);
    if (u.pathname === '/api/workflow/tasks/count') return json({ todo: 3 });
    if (u.pathname === '/api/workflow/tasks') return json({ content: [{ id: 1, instanceId: 11, formName: '请假申请', applicant: { id: 2, name: '张三' }, nodeName: '组长审批', status: 'running', createTime: '2026-11-25 09:00:00', finishTime: null }], totalElements: 1 });
    if (u.pathname === '/api/workflow/batches/4') return json({ id: 4, form: { id: 7, name: '请假申请' }, creator: { id: 1, name: '超级管理员' }, createTime: '2026-11-25 09:00:00', instances: [{ id: 11, applicant: { id: 2, name: '张三' }, status: 'running' }, { id: 12, applicant: { id: 3, name: '李四' }, status: 'approved' }] });
    return json({ status: 404, message: '不存在' }, 404);
  });
  await page.goto(`${stack.bffURL}/login`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${stack.bffURL}/flowDesign/7`);
  await page.locator('[data-node="n6"]').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/01-designer.png' });
  await page.locator('[data-slot="n3"]').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/wf-flows-shots/02-plus.png' });
  await page.keyboard.press('Escape');
  await page.locator('[data-node="n6"]').click();
  await page.locator('.ant-drawer-content').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/03-drawer-approver.png' });
  await page.locator('.ant-drawer-close').click();
  await page.locator('[data-node="b4"]').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/04-drawer-branch.png' });
  await page.locator('.ant-drawer-close').click();
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: /^发\s*布$/ }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/wf-flows-shots/05-problems.png' });
  await page.goto(`${stack.bffURL}/flowDetail?id=11`);
  await page.getByText('回家探亲').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/06-detail.png', fullPage: true });
  await page.getByRole('button', { name: /^转\s*交$/ }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/07-transfer.png' });
  await page.goto(`${stack.bffURL}/workflow/tasks?box=todo`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/08-tasks.png' });
  await page.goto(`${stack.bffURL}/batchDetail?id=4`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/wf-flows-shots/09-batch.png' });
  await page.goto(`${stack.bffURL}/system/dept`);
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: /编\s*辑/ }).first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/wf-flows-shots/10-dept.png' });
  console.log('errors', page.errors);
} finally {
  await browser.close();
  await stack.stop();
}
