import { describe, expect, it } from 'vitest';
import { groupForms } from './logic';
import { branchLabel, nodeLabel, nodeName, selfApproverNodes, walkFlow, type BranchTitleKey, type NodeTitleKey } from '../flowNodes';
import { translate } from '../messages.flow';
import type { FlowNode, FormRow } from '../formApi';

const row = (id: number, name: string, group: string): FormRow => ({ id, name, group, icon: 'file', version: 1, draftChanged: false, updateTime: '' });

describe('choosing a form', () => {
  const forms = [row(1, '请假', '人事'), row(2, '报销', '财务'), row(3, '加班', '人事'), row(4, '杂项', '')];
  it('groups in first-seen order, the ungrouped last', () => {
    expect(groupForms(forms, '', '其他').map((g) => [g.group, g.forms.map((f) => f.id)])).toEqual([
      ['人事', [1, 3]],
      ['财务', [2]],
      ['其他', [4]],
    ]);
  });
  it('searches names and groups', () => {
    expect(groupForms(forms, ' 报销', '其他').map((g) => g.group)).toEqual(['财务']);
    expect(groupForms(forms, '人事', '其他').flatMap((g) => g.forms.map((f) => f.id))).toEqual([1, 3]);
    expect(groupForms(forms, 'nothing', '其他')).toEqual([]);
  });
});

describe('flow nodes', () => {
  const approver = (id: string, kind: 'self' | 'users', next: FlowNode | null = null): FlowNode => ({
    id,
    type: 'approver',
    name: `审批${id}`,
    props: { assignee: { kind } },
    next,
  });
  const flow: FlowNode = {
    id: 'start',
    type: 'start',
    name: '发起人',
    next: {
      id: 'r',
      type: 'route',
      name: '条件分支',
      branches: [
        { id: 'b1', name: '大', next: approver('n3', 'self') },
        { id: 'b2', name: '其他', next: approver('n4', 'users', approver('n5', 'self')) },
      ],
      next: approver('n6', 'self'),
    },
  };
  it('walks branches before what follows them', () => {
    expect(walkFlow(flow).map((n) => n.id)).toEqual(['start', 'r', 'n3', 'n4', 'n5', 'n6']);
    expect(walkFlow(null)).toEqual([]);
  });
  it('finds the nodes whose approvers the initiator picks', () => {
    expect(selfApproverNodes(flow).map((n) => n.id)).toEqual(['n3', 'n5', 'n6']);
  });
  const zh = (key: NodeTitleKey) => translate('zh-CN', key);
  const en = (key: NodeTitleKey) => translate('en-US', key);
  it('names a node by id, or gives the id back', () => {
    expect(nodeName(flow, 'n4', zh)).toBe('审批n4');
    expect(nodeName(flow, 'zz', zh)).toBe('zz');
  });
  it('titles an unnamed node by its kind as the designer canvas does, in either language', () => {
    const unnamed: FlowNode = { id: 'start', type: 'start', name: '', next: { ...approver('n1', 'users'), name: ' ', next: { id: 'c1', type: 'cc', name: '' } } };
    expect(['start', 'n1', 'c1'].map((id) => nodeName(unnamed, id, zh))).toEqual(['发起人', '审批人', '抄送人']);
    expect(['start', 'n1', 'c1'].map((id) => nodeName(unnamed, id, en))).toEqual(['Initiator', 'Approver', 'Carbon copy']);
    expect(nodeLabel({ name: '', type: 'route' }, zh)).toBe('条件分支');
    expect(nodeLabel({ name: '', type: '' }, zh)).toBe('');
  });
  it('titles an unnamed branch as the designer names a new one, in either language', () => {
    const zhB = (key: BranchTitleKey, vars?: { n: number }) => translate('zh-CN', key, vars);
    const enB = (key: BranchTitleKey, vars?: { n: number }) => translate('en-US', key, vars);
    expect(branchLabel({ name: ' ', priority: 2 }, zhB)).toBe('条件2');
    expect(branchLabel({ name: '', priority: 2 }, enB)).toBe('Condition 2');
    expect(branchLabel({ name: '', default: true, priority: 3 }, zhB)).toBe('默认');
    expect(branchLabel({ name: '大额', priority: 1 }, zhB)).toBe('大额');
  });
});
