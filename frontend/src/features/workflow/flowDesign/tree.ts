import type {
  AddableType,
  ApproverNode,
  Branch,
  CcNode,
  Condition,
  FlowNode,
  FormField,
  Problem,
  RouteNode,
  StartNode,
} from '../types.flow';

/**
 * Pure operations on a flow tree (docs/workflow.md "Flow"). Every operation returns a new tree and
 * leaves its input alone, so the designer can keep the tree in React state and undo is a copy away.
 * A "slot" is where "+" inserts: after a node (its id) or at the head of a branch (the branch's id).
 */

export const START_ID = 'start';

export function startNode(): StartNode {
  return { id: START_ID, type: 'start', name: '发起人', props: { fieldPerms: {} }, next: null };
}

/** Every node and branch id of the tree, in drawing order. */
export function allIds(root: FlowNode | null): string[] {
  const ids: string[] = [];
  const walk = (n: FlowNode | null) => {
    for (let node = n; node; node = node.next) {
      ids.push(node.id);
      if (node.type === 'route')
        for (const b of node.branches) {
          ids.push(b.id);
          walk(b.next);
        }
    }
  };
  walk(root);
  return ids;
}

/** A fresh id: n1, n2, … past every numbered id in the tree (ids are unique across nodes and branches). */
export function nextId(root: FlowNode | null, prefix: 'n' | 'b' = 'n', skip = 0): string {
  const max = allIds(root).reduce((m, id) => {
    const hit = /^[nb](\d+)$/.exec(id);
    return hit ? Math.max(m, Number(hit[1])) : m;
  }, 0);
  return `${prefix}${max + 1 + skip}`;
}

function newBranch(id: string, name: string, isDefault: boolean): Branch {
  return { id, name, priority: 0, default: isDefault, conditions: [], next: null };
}

/** A new node of a type, its id taken from the tree it goes into. */
export function newNode(root: FlowNode, type: AddableType): FlowNode {
  const id = nextId(root);
  if (type === 'approver') {
    const node: ApproverNode = {
      id,
      type,
      name: '审批人',
      props: { assignee: { kind: 'users', users: [], roles: [], levels: 1 }, mode: 'or', empty: { action: 'pass', admin: null }, fieldPerms: {} },
      next: null,
    };
    return node;
  }
  if (type === 'cc') {
    const node: CcNode = { id, type, name: '抄送人', props: { users: [], roles: [], fieldPerms: {} }, next: null };
    return node;
  }
  const route: RouteNode = {
    id,
    type,
    name: '条件分支',
    branches: [newBranch(nextId(root, 'b', 1), '条件1', false), newBranch(nextId(root, 'b', 2), '默认', true)],
    next: null,
  };
  return renumber(route);
}

/** Priorities 1..n in array order; the default branch is kept last. */
function renumber(route: RouteNode): RouteNode {
  const ordered = [...route.branches.filter((b) => !b.default), ...route.branches.filter((b) => b.default)];
  return { ...route, branches: ordered.map((b, i) => ({ ...b, priority: i + 1 })) };
}

/** Rebuilds the chain from node down, letting edit replace any node or branch on the way. */
function rebuild(
  node: FlowNode | null,
  edit: { node?: (n: FlowNode) => FlowNode | null; branch?: (b: Branch) => Branch | null },
): FlowNode | null {
  if (!node) return null;
  const replaced = edit.node ? edit.node(node) : node;
  if (replaced !== node) {
    // a replaced node is final: its own subtree is the editor's business
    return replaced;
  }
  const next = rebuild(node.next, edit);
  if (node.type !== 'route') return next === node.next ? node : { ...node, next };
  let changed = next !== node.next;
  const branches: Branch[] = [];
  for (const b of node.branches) {
    const nb = edit.branch ? edit.branch(b) : b;
    if (nb === null) {
      changed = true;
      continue;
    }
    const bn = rebuild(nb.next, edit);
    const out = bn === nb.next ? nb : { ...nb, next: bn };
    if (out !== b) changed = true;
    branches.push(out);
  }
  return changed ? { ...node, branches, next } : node;
}

function must(root: FlowNode | null): FlowNode {
  if (!root) throw new Error('the start node cannot go');
  return root;
}

/** Inserts node at slot: after the node with that id, or at the head of the branch with that id. */
export function insertAt(root: FlowNode, slot: string, node: FlowNode): FlowNode {
  const placed = (after: FlowNode | null): FlowNode => ({ ...node, next: after });
  return must(
    rebuild(root, {
      node: (n) => (n.id === slot ? ({ ...n, next: placed(n.next) } as FlowNode) : n),
      branch: (b) => (b.id === slot ? { ...b, next: placed(b.next) } : b),
    }),
  );
}

/** Removes a node (a route with all its branches); what came after it moves up. The start node stays. */
export function removeNode(root: FlowNode, id: string): FlowNode {
  if (id === root.id) return root;
  const skip = (n: FlowNode | null): FlowNode | null => (n && n.id === id ? n.next : n);
  return must(
    rebuild(root, {
      node: (n) => {
        const after = skip(n.next);
        return after === n.next ? n : ({ ...n, next: after } as FlowNode);
      },
      branch: (b) => {
        const after = skip(b.next);
        return after === b.next ? b : { ...b, next: after };
      },
    }),
  );
}

function editRoute(root: FlowNode, routeId: string, edit: (r: RouteNode) => FlowNode | null): FlowNode {
  return must(
    rebuild(root, {
      node: (n) => (n.id === routeId && n.type === 'route' ? (edit(n) ?? n) : n),
    }),
  );
}

/** A new conditional branch, just before the default one. */
export function addBranch(root: FlowNode, routeId: string): FlowNode {
  const id = nextId(root, 'b');
  return editRoute(root, routeId, (r) => {
    const count = r.branches.filter((b) => !b.default).length;
    return renumber({ ...r, branches: [...r.branches, newBranch(id, `条件${count + 1}`, false)] });
  });
}

/** Moves a conditional branch one place left (-1, higher priority) or right (+1); the default stays last. */
export function moveBranch(root: FlowNode, routeId: string, branchId: string, by: -1 | 1): FlowNode {
  return editRoute(root, routeId, (r) => {
    const list = r.branches.filter((b) => !b.default);
    const at = list.findIndex((b) => b.id === branchId);
    const to = at + by;
    if (at < 0 || to < 0 || to >= list.length) return r;
    [list[at], list[to]] = [list[to], list[at]];
    return renumber({ ...r, branches: [...list, ...r.branches.filter((b) => b.default)] });
  });
}

/**
 * Removes a conditional branch. A route needs two branches: taking one of the last two away
 * removes the whole route (as DingTalk does), what came after the route moving up.
 * The default branch is not removed on its own.
 */
export function removeBranch(root: FlowNode, routeId: string, branchId: string): FlowNode {
  const route = findNode(root, routeId);
  if (!route || route.kind !== 'node' || route.node.type !== 'route') return root;
  const target = route.node.branches.find((b) => b.id === branchId);
  if (!target || target.default) return root;
  if (route.node.branches.length <= 2) return removeNode(root, routeId);
  return editRoute(root, routeId, (r) => renumber({ ...r, branches: r.branches.filter((b) => b.id !== branchId) }));
}

export type Found = { kind: 'node'; node: FlowNode } | { kind: 'branch'; branch: Branch; route: RouteNode };

/** The node or branch with that id. */
export function findNode(root: FlowNode | null, id: string): Found | undefined {
  for (let n = root; n; n = n.next) {
    if (n.id === id) return { kind: 'node', node: n };
    if (n.type === 'route')
      for (const b of n.branches) {
        if (b.id === id) return { kind: 'branch', branch: b, route: n };
        const inside = findNode(b.next, id);
        if (inside) return inside;
      }
  }
  return undefined;
}

/** Replaces the node with that id (its next and branches are kept: only its own settings change). */
export function updateNode(root: FlowNode, id: string, change: (n: FlowNode) => FlowNode): FlowNode {
  return must(
    rebuild(root, {
      node: (n) => {
        if (n.id !== id) return n;
        const out = change(n);
        return { ...out, next: n.next, ...(n.type === 'route' && out.type === 'route' ? { branches: n.branches } : {}) } as FlowNode;
      },
    }),
  );
}

/** Replaces a branch's name and conditions (its chain and place are kept). */
export function updateBranch(root: FlowNode, id: string, change: (b: Branch) => Branch): FlowNode {
  return must(
    rebuild(root, {
      branch: (b) => (b.id === id ? { ...change(b), id: b.id, next: b.next, default: b.default, priority: b.priority } : b),
    }),
  );
}

const NUMERIC = new Set(['number', 'amount', 'leaveRange']);

function conditionProblem(c: Condition, fields: FormField[]): string | undefined {
  if (c.kind === 'dept') return c.depts.length ? undefined : '请选择发起人部门';
  const field = fields.find((f) => f.key === c.field);
  if (!field) return `条件字段「${c.field || '未选择'}」不在表单中`;
  if (c.op === 'in') {
    if (field.type !== 'select') return `字段「${field.label}」不能用“包含”比较`;
    return Array.isArray(c.value) && c.value.length ? undefined : `请选择「${field.label}」的选项`;
  }
  if (!NUMERIC.has(field.type)) return `字段「${field.label}」不能做数值比较`;
  return typeof c.value === 'number' && Number.isFinite(c.value) ? undefined : `请填写「${field.label}」的比较值`;
}

function permsProblem(id: string, perms: Record<string, string>, fields: FormField[], out: Problem[]) {
  for (const key of Object.keys(perms))
    if (!fields.some((f) => f.key === key)) out.push({ nodeId: id, message: `字段权限中的「${key}」不在表单中` });
}

/**
 * The publish check done locally, in the server's words (docs/workflow.md): it runs as the flow is
 * edited, so problems show on the nodes before 发布; the server still has the last word.
 */
export function validate(root: FlowNode, fields: FormField[]): Problem[] {
  const out: Problem[] = [];
  const walk = (n: FlowNode | null) => {
    for (let node = n; node; node = node.next) {
      if (node.type === 'start') permsProblem(node.id, node.props.fieldPerms, fields, out);
      if (node.type === 'approver') {
        const { assignee, empty, fieldPerms } = node.props;
        if (assignee.kind === 'users' && assignee.users.length === 0) out.push({ nodeId: node.id, message: '请设置审批人' });
        if (assignee.kind === 'role' && assignee.roles.length === 0) out.push({ nodeId: node.id, message: '请选择审批角色' });
        if (assignee.kind === 'leader' && !(assignee.levels >= 1 && assignee.levels <= 5))
          out.push({ nodeId: node.id, message: '主管级别应为1到5级' });
        if (empty.action === 'admin' && !empty.admin) out.push({ nodeId: node.id, message: '审批人为空时转交的管理员未设置' });
        permsProblem(node.id, fieldPerms, fields, out);
      }
      if (node.type === 'cc') {
        if (node.props.users.length === 0 && node.props.roles.length === 0) out.push({ nodeId: node.id, message: '请设置抄送人' });
        permsProblem(node.id, node.props.fieldPerms, fields, out);
        for (const f of fields)
          if (node.props.fieldPerms[f.key] === 'edit') out.push({ nodeId: node.id, message: `抄送人只能查看，「${f.label}」不能设为可编辑` });
      }
      if (node.type === 'route') {
        if (node.branches.length < 2) out.push({ nodeId: node.id, message: '条件分支至少需要两个分支' });
        if (node.branches.filter((b) => b.default).length !== 1) out.push({ nodeId: node.id, message: '条件分支需要且只能有一个默认分支' });
        for (const b of node.branches) {
          if (!b.default && b.conditions.length === 0) out.push({ nodeId: b.id, message: '请设置条件' });
          for (const c of b.conditions) {
            const why = conditionProblem(c, fields);
            if (why) out.push({ nodeId: b.id, message: why });
          }
          walk(b.next);
        }
      }
    }
  };
  walk(root);
  return out;
}
