import type { Branch, FlowNode, Ref } from '../types.flow';

type Loose = Record<string, unknown>;
const list = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const refs = (v: unknown): Ref[] => list<Ref>(v);

/**
 * A flow as the server sends it, made whole for the pages: the engine leaves out what a node
 * does not use (a department-head approver has no `users`, a built-in flow no `fieldPerms`),
 * while the designer and the detail page read every list. Unknown shapes stay as they are.
 */
export function normalizeFlow(node: FlowNode | null | undefined): FlowNode | null {
  if (!node) return null;
  const n = node as unknown as Loose;
  const props = (n.props ?? {}) as Loose;
  const next = normalizeFlow(n.next as FlowNode | null);
  switch (node.type) {
    case 'start':
      return { ...node, props: { fieldPerms: (props.fieldPerms as Record<string, never>) ?? {} }, next };
    case 'approver': {
      const a = (props.assignee ?? {}) as Loose;
      const empty = (props.empty ?? {}) as Loose;
      return {
        ...node,
        props: {
          ...node.props,
          assignee: { ...(a as object), kind: (a.kind as 'users') ?? 'users', users: refs(a.users), roles: refs(a.roles), levels: (a.levels as number) ?? 1 },
          mode: node.props?.mode ?? 'or',
          empty: { action: (empty.action as 'pass') ?? 'pass', admin: (empty.admin as Ref) ?? null },
          fieldPerms: (props.fieldPerms as Record<string, never>) ?? {},
        },
        next,
      };
    }
    case 'cc':
      return {
        ...node,
        props: { users: refs(props.users), roles: refs(props.roles), fieldPerms: (props.fieldPerms as Record<string, never>) ?? {} },
        next,
      };
    case 'route':
      return {
        ...node,
        branches: list<Branch>(n.branches).map((b) => ({ ...b, conditions: list(b.conditions), next: normalizeFlow(b.next) })),
        next,
      };
  }
  return node;
}
