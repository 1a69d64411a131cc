import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
import type { Instance, InstanceAction } from '../types.flow';
import FlowDetailPage from './FlowDetailPage';

let bff: FakeBff;

function instance(actions: InstanceAction[], status: Instance['status'] = 'running'): Instance {
  return {
    id: 11,
    status,
    form: {
      id: 7,
      name: '请假',
      version: 1,
      schema: { fields: [{ key: 'days', type: 'number', label: '天数' }, { key: 'money', type: 'amount', label: '报销' }, { key: 'secret', type: 'text', label: '机密' }] },
      flow: {
        id: 'start', type: 'start', name: '发起人', props: { fieldPerms: {} },
        next: {
          id: 'n1', type: 'approver', name: '组长审批',
          props: { assignee: { kind: 'users', users: [{ id: 3, name: '李四' }], roles: [], levels: 1 }, mode: 'or', empty: { action: 'pass', admin: null }, fieldPerms: {} },
          next: null,
        },
      },
    },
    data: { days: 2, money: 88.5 },
    applicant: { id: 2, name: '张三' },
    createTime: '2026-11-25 09:00:00',
    batchId: null,
    currentNodeIds: ['n1'],
    passedNodeIds: ['start'],
    pending: [{ nodeId: 'n1', nodeName: '组长审批', users: [{ id: 3, name: '李四' }] }],
    timeline: [{ id: 1, nodeId: 'start', nodeName: '发起人', action: 'submit', user: { id: 2, name: '张三' }, comment: '', time: '2026-11-25 09:00:00', to: null }],
    actions,
    returnTargets: [{ nodeId: 'start', name: '发起人' }],
    fieldPerms: { secret: 'hidden' },
  };
}

beforeEach(() => {
  bff = fakeBff();
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});


const button = (name: RegExp) => screen.getByRole('button', { name });
const dialog = () => screen.getByRole('dialog');
const okButton = () => within(dialog()).getByRole('button', { name: /确\s?定|OK/ });

describe('流程详情', () => {
  it('shows the form read-only without hidden fields, the flow marked, the timeline', async () => {
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: instance([]) }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    expect(await screen.findByText('¥88.50')).toBeInTheDocument();
    expect(screen.queryByText('机密')).toBeNull();
    expect(screen.getByText('审批中')).toBeInTheDocument();
    expect(screen.getByText('待 李四 处理')).toBeInTheDocument();
    expect(screen.queryByText('售后单')).toBeNull();
    expect(document.querySelector('[data-node="n1"]')).toHaveClass('wf-current');
    expect(document.querySelector('[data-node="start"]')).toHaveClass('wf-passed');
    expect(document.querySelector('[data-slot]')).toBeNull();
    expect(document.querySelector('[data-step="submit"]')).toHaveTextContent('张三提交申请');
    expect(screen.queryByRole('button', { name: /同\s?意/ })).toBeNull();
  });

  it('links a 退款审批 to its after-sales case by number; other instances name no record', async () => {
    const inst = { ...instance([]), ref: { kind: 'aftersale' as const, no: 'AS20261128100000000004' } };
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: inst }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    const link = await screen.findByRole('link', { name: 'AS20261128100000000004' });
    expect(link).toHaveAttribute('href', '/look?type=aftersale&no=AS20261128100000000004');
    expect(screen.getByText('售后单')).toBeInTheDocument();
  });

  it('titles an unnamed node by its kind in the timeline and on the canvas, as the designer does', async () => {
    const inst = instance([]);
    inst.form.flow.next!.name = '';
    inst.timeline.push({ id: 2, nodeId: 'n1', nodeName: '', action: 'approve', user: { id: 3, name: '李四' }, comment: '', time: '2026-11-25 10:00:00', to: null });
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: inst }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    expect(document.querySelector('[data-step="approve"]')).toHaveTextContent('审批人');
    expect(document.querySelector('[data-step="approve"]')).not.toHaveTextContent('n1');
    expect(document.querySelector('[data-node="n1"] .wf-title-text')).toHaveTextContent('审批人');
  });

  it('shows exactly the buttons of `actions`', async () => {
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: instance(['approve', 'reject', 'return', 'transfer']) }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    for (const name of [/同\s?意/, /拒\s?绝/, /退\s?回/, /转\s?交/]) expect(button(name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /撤\s?回/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /重新提交/ })).toBeNull();
  });

  it('reject needs a comment; then it is sent and the answer shown', async () => {
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: instance(['approve', 'reject']) }));
    bff.on('POST /api/workflow/instances/11/reject', () => ({
      status: 200,
      body: {
        ...instance([], 'rejected'),
        timeline: [...instance([]).timeline, { id: 2, nodeId: 'n1', nodeName: '组长审批', action: 'reject', user: { id: 3, name: '李四' }, comment: '不合规', time: '2026-11-25 10:00:00', to: null }],
      },
    }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    fireEvent.click(button(/拒\s?绝/));
    fireEvent.click(okButton());
    expect(await screen.findByText('请填写拒绝理由')).toBeInTheDocument();
    expect(bff.calls.some((c) => c.path.endsWith('/reject'))).toBe(false);
    fireEvent.change(within(dialog()).getByLabelText('审批意见'), { target: { value: '不合规' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('已拒绝')).toBeInTheDocument();
    expect(JSON.parse(String(bff.calls.find((c) => c.path.endsWith('/reject'))?.data))).toEqual({ comment: '不合规' });
    expect(document.querySelector('[data-step="reject"]')).toHaveTextContent('不合规');
  });

  it('approve with an optional comment; a 409 shows the server message and reloads', async () => {
    let reads = 0;
    bff.on('GET /api/workflow/instances/11', () => {
      reads++;
      return { status: 200, body: reads === 1 ? instance(['approve', 'reject']) : instance([], 'approved') };
    });
    bff.on('POST /api/workflow/instances/11/approve', () => ({ status: 409, body: { status: 409, message: '该任务已被处理，请刷新' } }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    fireEvent.click(button(/同\s?意/));
    fireEvent.click(okButton());
    expect(await screen.findByText('该任务已被处理，请刷新')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    expect(JSON.parse(String(bff.calls.find((c) => c.path.endsWith('/approve'))?.data))).toEqual({ comment: '' });
  });

  it('the approver changes the fields the node may edit, and only those go with 同意', async () => {
    const editing = { ...instance(['approve']), fieldPerms: { money: 'edit', secret: 'hidden' } } as Instance;
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: editing }));
    bff.on('POST /api/workflow/instances/11/approve', () => ({ status: 200, body: instance([], 'approved') }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    fireEvent.click(button(/同\s?意/));
    const money = await within(dialog()).findByRole('spinbutton', { name: '报销' });
    expect(money).toHaveValue('88.50');
    expect(within(dialog()).queryByRole('spinbutton', { name: '天数' })).toBeNull();
    fireEvent.change(money, { target: { value: '66' } });
    fireEvent.blur(money);
    fireEvent.click(okButton());
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    expect(JSON.parse(String(bff.calls.find((c) => c.path.endsWith('/approve'))?.data))).toEqual({ comment: '', data: { money: 66 } });
  });

  it('the initiator of a returned instance edits the form and resubmits it', async () => {
    const returned = { ...instance(['resubmit'], 'returned'), fieldPerms: { secret: 'hidden' } } as Instance;
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: returned }));
    bff.on('POST /api/workflow/instances/11/resubmit', () => ({ status: 200, body: instance([]) }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    fireEvent.click(button(/重新提交/));
    const days = await within(dialog()).findByRole('spinbutton', { name: '天数' });
    expect(within(dialog()).queryByLabelText('机密')).toBeNull();
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.blur(days);
    fireEvent.click(okButton());
    await waitFor(() => expect(bff.calls.some((c) => c.path.endsWith('/resubmit'))).toBe(true));
    expect(JSON.parse(String(bff.calls.find((c) => c.path.endsWith('/resubmit'))?.data))).toEqual({ data: { days: 3, money: 88.5 } });
  });

  it('returns to a chosen node with a comment', async () => {
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: instance(['return']) }));
    bff.on('POST /api/workflow/instances/11/return', () => ({ status: 200, body: instance([], 'returned') }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    fireEvent.click(button(/退\s?回/));
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: '退回至' }));
    fireEvent.click((await screen.findAllByText('发起人', { selector: '.ant-select-item-option-content' })).at(-1)!);
    fireEvent.change(within(dialog()).getByLabelText('审批意见'), { target: { value: '补充材料' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('已退回')).toBeInTheDocument();
    expect(JSON.parse(String(bff.calls.find((c) => c.path.endsWith('/return'))?.data))).toEqual({ nodeId: 'start', comment: '补充材料' });
  });

  it('withdraw asks for confirmation', async () => {
    bff.on('GET /api/workflow/instances/11', () => ({ status: 200, body: instance(['withdraw']) }));
    bff.on('POST /api/workflow/instances/11/withdraw', () => ({ status: 200, body: instance([], 'withdrawn') }));
    renderRoute('/flowDetail?id=11', '/flowDetail', <FlowDetailPage />);
    await screen.findByText('¥88.50');
    fireEvent.click(button(/撤\s?回/));
    expect((await screen.findAllByText('确定撤回此申请？')).length).toBeGreaterThan(0);
    expect(bff.calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s?定|OK/ }).at(-1)!);
    expect(await screen.findByText('已撤回')).toBeInTheDocument();
  });
});
