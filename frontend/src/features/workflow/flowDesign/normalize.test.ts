import { describe, expect, it } from 'vitest';
import type { FlowNode } from '../types.flow';
import { normalizeFlow } from './normalize';

describe('normalizeFlow', () => {
  it('fills the lists the engine leaves out (a department-head approver, a built-in flow)', () => {
    const fromServer = {
      id: 'start',
      type: 'start',
      name: '发起人',
      props: {},
      next: {
        id: 'days',
        type: 'route',
        name: '请假天数',
        branches: [
          { id: 'short', name: '3天以内', priority: 1, default: false, conditions: [{ kind: 'field', field: 'range', op: 'le', value: 3 }],
            next: { id: 'lead', type: 'approver', name: '组长审批', props: { assignee: { kind: 'leader', levels: 1 }, mode: 'and', empty: { action: 'admin', admin: { id: 1, name: 'admin' } } }, next: null } },
          { id: 'long', name: '超过3天', priority: 2, default: true, conditions: null, next: null },
        ],
        next: { id: 'hr', type: 'cc', name: '抄送人事', props: { roles: [{ id: 3, name: '人事' }] }, next: null },
      },
    } as unknown as FlowNode;
    const flow = normalizeFlow(fromServer);
    expect(flow?.type === 'start' && flow.props.fieldPerms).toEqual({});
    const route = flow?.next;
    if (route?.type !== 'route') throw new Error('route expected');
    const lead = route.branches[0].next;
    if (lead?.type !== 'approver') throw new Error('approver expected');
    expect(lead.props.assignee).toMatchObject({ kind: 'leader', users: [], roles: [], levels: 1 });
    expect(lead.props.fieldPerms).toEqual({});
    expect(lead.props.empty).toEqual({ action: 'admin', admin: { id: 1, name: 'admin' } });
    expect(route.branches[1].conditions).toEqual([]);
    expect(route.next?.type === 'cc' && route.next.props).toEqual({ users: [], roles: [{ id: 3, name: '人事' }], fieldPerms: {} });
    expect(normalizeFlow(null)).toBeNull();
  });
});
