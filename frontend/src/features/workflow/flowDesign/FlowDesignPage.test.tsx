import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
import type { FlowNode, FormDetail } from '../types.flow';
import FlowDesignPage from './FlowDesignPage';

let bff: FakeBff;

const fields = [
  { key: 'days', type: 'number', label: '天数' },
  { key: 'kind', type: 'select', label: '类型', options: [{ label: '年假', value: 'annual' }, { label: '事假', value: 'personal' }] },
  { key: 'memo', type: 'text', label: '备注' },
];

function formWith(flow: FlowNode | null): FormDetail {
  return {
    id: 7, name: '请假', icon: 'form', group: '人事', version: 0, published: null,
    draft: { schema: { fields } as FormDetail['published'] extends infer P ? P extends { schema: infer S } ? S : never : never, flow },
  };
}

const approverN1: FlowNode = {
  id: 'start', type: 'start', name: '发起人', props: { fieldPerms: {} },
  next: {
    id: 'n1', type: 'approver', name: '组长审批',
    props: { assignee: { kind: 'users', users: [{ id: 2, name: '张三' }], roles: [], levels: 1 }, mode: 'or', empty: { action: 'pass', admin: null }, fieldPerms: {} },
    next: null,
  },
};

function serve(flow: FlowNode | null) {
  bff.on('GET /api/workflow/forms/7', () => ({ status: 200, body: formWith(flow) }));
  bff.on('PUT /api/workflow/forms/7', () => ({ status: 204, body: '' }));
  bff.on('GET /api/roles/all', () => ({ status: 200, body: [{ id: 3, name: '人事' }, { id: 4, name: '财务' }] }));
  bff.on('GET /api/dept/list', () => ({ status: 200, body: { depts: [{ id: 2, name: '研发部' }], users: [] } }));
}

beforeEach(() => {
  bff = fakeBff();
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
});


const card = (id: string) => document.querySelector(`[data-node="${id}"]`) as HTMLElement;
const plus = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement;
const lastPut = () => JSON.parse(String(bff.calls.filter((c) => c.method === 'PUT').at(-1)?.data)) as { flow: FlowNode };

async function add(slot: string, what: '审批人' | '抄送人' | '条件分支') {
  fireEvent.click(plus(slot));
  // earlier popovers stay in the document, hidden; the one just opened is the last
  fireEvent.click((await screen.findAllByRole('button', { name: new RegExp(what) })).at(-1)!);
}

/** Picks an option of the open antd Select whose input has that label. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(within(document.querySelector('.ant-drawer') as HTMLElement).getByRole('combobox', { name: label }));
  const hits = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(hits.at(-1)!);
}

describe('流程绘制', () => {
  it('adds an approver after the initiator, sets a role and saves the flow into the draft', async () => {
    serve(null);
    renderRoute('/flowDesign/7', '/flowDesign/:id', <FlowDesignPage />);
    await screen.findByText('发起人');
    await add('start', '审批人');
    expect(within(card('n1')).getByText('请设置审批人')).toBeInTheDocument();
    fireEvent.click(card('n1'));
    fireEvent.click(await screen.findByRole('radio', { name: '角色' }));
    await choose('角色', '人事');
    fireEvent.click(screen.getByLabelText('多人审批方式').querySelector('input[value="and"]')!);
    await waitFor(() => expect(within(card('n1')).getByText(/人事 · 会签/)).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT')).toBe(true));
    const flow = lastPut().flow;
    expect(flow.next).toMatchObject({ id: 'n1', type: 'approver', props: { assignee: { kind: 'role', roles: [{ id: 3, name: '人事' }] }, mode: 'and' } });
  });

  it('a cc node hides fields from its recipients but offers no edit', async () => {
    serve(approverN1);
    renderRoute('/flowDesign/7', '/flowDesign/:id', <FlowDesignPage />);
    await screen.findByText('组长审批');
    await add('n1', '抄送人');
    fireEvent.click(card('n2'));
    const memo = await screen.findByLabelText('备注字段权限');
    expect(within(memo).queryByRole('radio', { name: '可编辑' })).toBeNull();
    fireEvent.click(within(memo).getByRole('radio', { name: '隐藏' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(lastPut().flow.next?.next).toMatchObject({ id: 'n2', type: 'cc', props: { fieldPerms: { memo: 'hidden' } } });
  });

  it('adds a route with its default branch last, adds, moves and deletes branches', async () => {
    serve(approverN1);
    renderRoute('/flowDesign/7', '/flowDesign/:id', <FlowDesignPage />);
    await screen.findByText('组长审批');
    await add('n1', '条件分支');
    const names = () => [...document.querySelectorAll('.wf-branch > .wf-card .wf-title-text')].map((e) => e.textContent);
    expect(names()).toEqual(['条件1', '默认']);
    // a branch whose name is cleared is titled as the designer names a new one
    fireEvent.click(card('b3'));
    const nameBox = await screen.findByLabelText('节点名称');
    fireEvent.change(nameBox, { target: { value: '' } });
    expect(names()).toEqual(['条件1', '默认']);
    expect(nameBox).toHaveAttribute('placeholder', '条件1');
    fireEvent.change(nameBox, { target: { value: '条件1' } });
    fireEvent.click(screen.getByRole('button', { name: '添加条件' }));
    expect(names()).toEqual(['条件1', '条件2', '默认']);
    fireEvent.click(within(card('b5')).getByRole('button', { name: '优先级提高' }));
    expect(names()).toEqual(['条件2', '条件1', '默认']);
    expect(within(card('b5')).getByText('优先级1')).toBeInTheDocument();
    expect(within(card('b4')).queryByRole('button', { name: '删除分支' })).toBeNull();
    // a node inside a branch
    await add('b5', '抄送人');
    expect(within(card('b5').closest('.wf-branch') as HTMLElement).getByText('请设置抄送人')).toBeInTheDocument();
    fireEvent.click(within(card('b5')).getByRole('button', { name: '删除分支' }));
    expect(names()).toEqual(['条件1', '默认']);
    fireEvent.click(within(card('b3')).getByRole('button', { name: '删除分支' }));
    expect(card('n2')).toBeNull();
    expect(card('n1')).not.toBeNull();
  });

  it('edits a branch condition: a number compare, then a select 包含', async () => {
    serve(approverN1);
    renderRoute('/flowDesign/7', '/flowDesign/:id', <FlowDesignPage />);
    await screen.findByText('组长审批');
    await add('n1', '条件分支');
    fireEvent.click(card('b3'));
    fireEvent.click(await screen.findByRole('button', { name: /新增条件/ }));
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('值'), { target: { value: '3' } });
    fireEvent.blur(within(drawer).getByLabelText('值'));
    await choose('天数比较', '小于等于');
    await waitFor(() => expect(within(card('b3')).getByText('天数 小于等于 3')).toBeInTheDocument());
    await choose('表单字段', '类型');
    await choose('值', '年假');
    await waitFor(() => expect(within(card('b3')).getByText('类型 包含 年假')).toBeInTheDocument());
  });

  it('publishing shows the local check and the server problems on the nodes and in a list', async () => {
    serve(approverN1);
    let published = 0;
    bff.on('POST /api/workflow/forms/7/publish', () => {
      published++;
      return { status: 400, body: { status: 400, message: '流程有误', problems: [{ nodeId: 'n1', message: '审批人「张三」已不存在' }] } };
    });
    renderRoute('/flowDesign/7', '/flowDesign/:id', <FlowDesignPage />);
    await screen.findByText('组长审批');
    // an unset cc: caught here, the server is not asked
    await add('n1', '抄送人');
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
    expect(await within(card('n2')).findByRole('alert')).toHaveTextContent('请设置抄送人');
    expect(published).toBe(0);
    fireEvent.click(within(card('n2')).getByRole('button', { name: '删除节点' }));
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
    expect(await within(card('n1')).findByRole('alert')).toHaveTextContent('审批人「张三」已不存在');
    expect(card('n1')).toHaveClass('wf-bad');
    expect(screen.getByRole('list', { name: '流程有 1 处问题' })).toHaveTextContent('组长审批：审批人「张三」已不存在');
    expect(published).toBe(1);
  });

  it('publishing says when no version was made, and tells a lost race as the server words it', async () => {
    serve(approverN1);
    let answer = { status: 200, body: { version: 3, unchanged: true } as unknown };
    bff.on('POST /api/workflow/forms/7/publish', () => answer);
    renderRoute('/flowDesign/7', '/flowDesign/:id', <FlowDesignPage />);
    await screen.findByText('组长审批');
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
    expect(await screen.findByText('与已发布的版本 3 相同，未生成新版本')).toBeInTheDocument();
    answer = { status: 409, body: { status: 409, code: 'conflict', message: '表单已被他人发布，请刷新后重试' } };
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
    expect(await screen.findByText('表单已被他人发布，请刷新后重试')).toBeInTheDocument();
  });
});
