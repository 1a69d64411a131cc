import { describe, expect, it } from 'vitest';
import type { ApproverNode, FlowNode, FormField, RouteNode } from '../types.flow';
import {
  addBranch,
  allIds,
  findNode,
  insertAt,
  moveBranch,
  newNode,
  nextId,
  removeBranch,
  removeNode,
  startNode,
  updateBranch,
  updateNode,
  validate,
} from './tree';

const fields: FormField[] = [
  { key: 'days', type: 'number', label: '天数' },
  { key: 'kind', type: 'select', label: '类型', options: [{ label: '年假', value: 'annual' }] },
  { key: 'memo', type: 'text', label: '备注' },
];

/** start → approver n1 → route n2 (b3 条件1, b4 默认) → cc n5 */
function sample(): FlowNode {
  let root: FlowNode = startNode();
  root = insertAt(root, 'start', newNode(root, 'approver'));
  root = insertAt(root, 'n1', newNode(root, 'route'));
  return insertAt(root, 'n2', newNode(root, 'cc'));
}

function route(root: FlowNode, id = 'n2'): RouteNode {
  const f = findNode(root, id);
  if (f?.kind !== 'node' || f.node.type !== 'route') throw new Error('no route');
  return f.node;
}

describe('flow tree', () => {
  it('makes unique ids past every numbered id', () => {
    const root = sample();
    expect(allIds(root)).toEqual(['start', 'n1', 'n2', 'b3', 'b4', 'n5']);
    expect(nextId(root)).toBe('n6');
    expect(nextId(root, 'b')).toBe('b6');
  });

  it('a new route has a condition branch and the default last, priorities 1..n', () => {
    const r = route(sample());
    expect(r.branches.map((b) => [b.name, b.priority, b.default])).toEqual([
      ['条件1', 1, false],
      ['默认', 2, true],
    ]);
  });

  it('inserts after a node, keeping what followed', () => {
    const before = sample();
    const after = insertAt(before, 'start', newNode(before, 'cc'));
    expect(allIds(after)).toEqual(['start', 'n6', 'n1', 'n2', 'b3', 'b4', 'n5']);
    // the input is left alone
    expect(allIds(before)).toEqual(['start', 'n1', 'n2', 'b3', 'b4', 'n5']);
  });

  it('inserts at the head of a branch and after a node inside it', () => {
    let root = sample();
    root = insertAt(root, 'b3', newNode(root, 'approver'));
    root = insertAt(root, 'b3', newNode(root, 'cc'));
    root = insertAt(root, 'n6', newNode(root, 'approver'));
    const b3 = findNode(root, 'b3');
    expect(b3?.kind).toBe('branch');
    const chain: string[] = [];
    for (let n = b3?.kind === 'branch' ? b3.branch.next : null; n; n = n.next) chain.push(n.id);
    expect(chain).toEqual(['n7', 'n6', 'n8']);
  });

  it('removes a node and a whole route; the start node stays', () => {
    const root = sample();
    expect(allIds(removeNode(root, 'n1'))).toEqual(['start', 'n2', 'b3', 'b4', 'n5']);
    expect(allIds(removeNode(root, 'n2'))).toEqual(['start', 'n1', 'n5']);
    expect(removeNode(root, 'start')).toBe(root);
    const inBranch = insertAt(root, 'b4', newNode(root, 'approver'));
    expect(allIds(removeNode(inBranch, 'n6'))).toEqual(allIds(root));
  });

  it('adds a branch before the default and renumbers', () => {
    const r = route(addBranch(sample(), 'n2'));
    expect(r.branches.map((b) => [b.id, b.name, b.priority, b.default])).toEqual([
      ['b3', '条件1', 1, false],
      ['b6', '条件2', 2, false],
      ['b4', '默认', 3, true],
    ]);
  });

  it('moves a branch left and right, never past the default, nor off the ends', () => {
    const root = addBranch(sample(), 'n2');
    const moved = route(moveBranch(root, 'n2', 'b6', -1));
    expect(moved.branches.map((b) => [b.id, b.priority])).toEqual([
      ['b6', 1],
      ['b3', 2],
      ['b4', 3],
    ]);
    expect(route(moveBranch(root, 'n2', 'b6', 1)).branches.map((b) => b.id)).toEqual(['b3', 'b6', 'b4']);
    expect(route(moveBranch(root, 'n2', 'b3', -1)).branches.map((b) => b.id)).toEqual(['b3', 'b6', 'b4']);
    expect(route(moveBranch(root, 'n2', 'b4', -1)).branches.map((b) => b.id)).toEqual(['b3', 'b6', 'b4']);
  });

  it('removes a branch; the default stays; one of the last two takes the route with it', () => {
    const three = addBranch(sample(), 'n2');
    expect(route(removeBranch(three, 'n2', 'b3')).branches.map((b) => [b.id, b.priority])).toEqual([
      ['b6', 1],
      ['b4', 2],
    ]);
    expect(removeBranch(three, 'n2', 'b4')).toBe(three);
    expect(allIds(removeBranch(sample(), 'n2', 'b3'))).toEqual(['start', 'n1', 'n5']);
  });

  it('finds nodes and branches, or nothing', () => {
    const root = sample();
    expect(findNode(root, 'n5')).toMatchObject({ kind: 'node', node: { type: 'cc' } });
    expect(findNode(root, 'b4')).toMatchObject({ kind: 'branch', branch: { default: true }, route: { id: 'n2' } });
    expect(findNode(root, 'zz')).toBeUndefined();
  });

  it('updates a node and a branch without touching their place', () => {
    let root = sample();
    root = updateNode(root, 'n1', (n) => ({ ...n, name: '组长审批', next: null }));
    expect(findNode(root, 'n1')).toMatchObject({ node: { name: '组长审批', next: { id: 'n2' } } });
    root = updateBranch(root, 'b3', (b) => ({ ...b, name: '3天以内', default: true, conditions: [{ kind: 'field', field: 'days', op: 'le', value: 3 }] }));
    expect(findNode(root, 'b3')).toMatchObject({ kind: 'branch', branch: { name: '3天以内', default: false, priority: 1 } });
  });

  it('validates as the server does, naming the node', () => {
    let root = sample();
    const problems = validate(root, fields);
    expect(problems).toEqual([
      { nodeId: 'n1', message: '请设置审批人' },
      { nodeId: 'b3', message: '请设置条件' },
      { nodeId: 'n5', message: '请设置抄送人' },
    ]);
    root = updateNode(root, 'n1', (n) => {
      const a = n as ApproverNode;
      return { ...a, props: { ...a.props, assignee: { ...a.props.assignee, kind: 'leader', levels: 2 }, empty: { action: 'admin', admin: null }, fieldPerms: { gone: 'hidden' } } };
    });
    root = updateBranch(root, 'b3', (b) => ({
      ...b,
      conditions: [
        { kind: 'field', field: 'memo', op: 'gt', value: 1 },
        { kind: 'field', field: 'days', op: 'in', value: ['x'] },
        { kind: 'field', field: 'nope', op: 'eq', value: 1 },
        { kind: 'field', field: 'kind', op: 'in', value: [] },
        { kind: 'dept', depts: [] },
        { kind: 'field', field: 'days', op: 'le', value: 3 },
      ],
    }));
    root = updateNode(root, 'n5', (n) =>
      n.type === 'cc' ? { ...n, props: { users: [], roles: [{ id: 3, name: '人事' }], fieldPerms: { memo: 'edit', days: 'hidden', gone: 'read' } } } : n,
    );
    expect(validate(root, fields)).toEqual([
      { nodeId: 'n1', message: '审批人为空时转交的管理员未设置' },
      { nodeId: 'n1', message: '字段权限中的「gone」不在表单中' },
      { nodeId: 'b3', message: '字段「备注」不能做数值比较' },
      { nodeId: 'b3', message: '字段「天数」不能用“包含”比较' },
      { nodeId: 'b3', message: '条件字段「nope」不在表单中' },
      { nodeId: 'b3', message: '请选择「类型」的选项' },
      { nodeId: 'b3', message: '请选择发起人部门' },
      { nodeId: 'n5', message: '字段权限中的「gone」不在表单中' },
      { nodeId: 'n5', message: '抄送人只能查看，「备注」不能设为可编辑' },
    ]);
  });

  it('validates a route without exactly one default, a role without roles and the start perms', () => {
    let root = sample();
    const r = route(root);
    // updateNode keeps a route's branches: a route left with one non-default branch is built by hand
    const broken: FlowNode = { ...root, next: { ...(root.next as FlowNode), next: { ...r, branches: [{ ...r.branches[0], conditions: [{ kind: 'field', field: 'days', op: 'gt', value: 3 }] }] } } };
    root = updateNode(broken, 'n1', (n) => {
      const a = n as ApproverNode;
      return { ...a, props: { ...a.props, assignee: { ...a.props.assignee, kind: 'role' } } };
    });
    root = updateNode(root, 'start', (n) => (n.type === 'start' ? { ...n, props: { fieldPerms: { ghost: 'read' } } } : n));
    expect(validate(root, fields)).toEqual([
      { nodeId: 'start', message: '字段权限中的「ghost」不在表单中' },
      { nodeId: 'n1', message: '请选择审批角色' },
      { nodeId: 'n2', message: '条件分支至少需要两个分支' },
      { nodeId: 'n2', message: '条件分支需要且只能有一个默认分支' },
      { nodeId: 'n5', message: '请设置抄送人' },
    ]);
  });
});
