import type { FlowNode } from './formApi';

/** The shape both flow types share (the form pages' FlowNode and the designer's): enough to walk and name. */
interface TreeNode {
  id: string;
  type: string;
  name?: string;
  next?: TreeNode | null;
  branches?: ReadonlyArray<{ next?: TreeNode | null }>;
}

/** Every node of a flow tree, in order: a node, its branches' chains, then what follows. */
export function walkFlow<N extends TreeNode>(node: N | null | undefined): N[] {
  const out: N[] = [];
  for (let n: N | null | undefined = node; n; n = (n.next ?? null) as N | null) {
    out.push(n);
    for (const b of n.branches ?? []) out.push(...walkFlow(b.next as N | null | undefined));
  }
  return out;
}

/** The approver nodes whose approvers the initiator picks when applying (`assignee.kind = self`). */
export function selfApproverNodes(flow: FlowNode | null | undefined): FlowNode[] {
  return walkFlow(flow).filter((n) => n.type === 'approver' && n.props?.assignee?.kind === 'self');
}

/** The designer's title of a node kind (wf.node.* in messages.flow.ts), as its canvas draws an unnamed node. */
export const NODE_TITLES = { start: 'wf.node.start', approver: 'wf.node.approver', cc: 'wf.node.cc', route: 'wf.node.route' } as const;
export type NodeTitleKey = (typeof NODE_TITLES)[keyof typeof NODE_TITLES];

/**
 * What a node is called wherever it is shown (canvas, 我的审批, timeline, return targets, messages):
 * the name the designer gave it, else the title of its kind, so no screen shows a bare `n1`.
 * '' when there is no node (a finished instance waits nowhere).
 */
export function nodeLabel(node: { name?: string | null; type?: string | null } | null | undefined, t: (key: NodeTitleKey) => string): string {
  const name = node?.name?.trim();
  if (name) return name;
  const key = NODE_TITLES[node?.type as keyof typeof NODE_TITLES];
  return key ? t(key) : '';
}

export type BranchTitleKey = 'wf.branch.untitled' | 'wf.branch.default';

/**
 * What a condition branch is called: its name, else what the designer names a new one (条件{n} by
 * its priority, 默认 for the default branch), so an unnamed branch never shows an empty title.
 */
export function branchLabel(
  branch: { name?: string | null; default?: boolean; priority?: number },
  t: (key: BranchTitleKey, vars?: { n: number }) => string,
): string {
  const name = branch.name?.trim();
  if (name) return name;
  return branch.default ? t('wf.branch.default') : t('wf.branch.untitled', { n: branch.priority ?? 0 });
}

/** A node's label for a message, or its id when the flow does not have it. */
export function nodeName(flow: TreeNode | null | undefined, id: string, t: (key: NodeTitleKey) => string): string {
  const node = walkFlow(flow).find((n) => n.id === id);
  return (node && nodeLabel(node, t)) || id;
}
