import type { FlowNode } from './formApi';

/** Every node of a flow tree, in order: a node, its branches' chains, then what follows. */
export function walkFlow(node: FlowNode | null | undefined): FlowNode[] {
  const out: FlowNode[] = [];
  for (let n = node; n; n = n.next ?? null) {
    out.push(n);
    for (const b of n.branches ?? []) out.push(...walkFlow(b.next));
  }
  return out;
}

/** The approver nodes whose approvers the initiator picks when applying (`assignee.kind = self`). */
export function selfApproverNodes(flow: FlowNode | null | undefined): FlowNode[] {
  return walkFlow(flow).filter((n) => n.type === 'approver' && n.props?.assignee?.kind === 'self');
}

/** A node's name for a message, or its id when the flow does not have it. */
export function nodeName(flow: FlowNode | null | undefined, id: string): string {
  return walkFlow(flow).find((n) => n.id === id)?.name ?? id;
}
