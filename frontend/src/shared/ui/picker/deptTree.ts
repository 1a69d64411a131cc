import { http } from '@/shared/api';

/** GET /api/dept/list?deptId= (docs/decisions.md "Building blocks (issue 5)"): a department's child departments and its users. */
export interface DeptList {
  depts?: Array<{ id: number; name: string }>;
  users?: Array<{ id?: number; username: string; nickName?: string }>;
}

export interface PickerNode {
  /** dept:ID or user:USERNAME, so departments and people never collide. */
  value: string;
  title: string;
  isLeaf: boolean;
  /** Only people are chosen. */
  selectable: boolean;
  checkable: boolean;
  deptId?: number;
  children?: PickerNode[];
}

export const ROOT_DEPT = 0;

export function listDept(deptId: number): Promise<DeptList> {
  return http.get<DeptList>('/api/dept/list', { params: { deptId } });
}

/**
 * What a picker chooses: people by user name (the leave request's approver), people by user ID
 * (the workflow's applicants and approvers), or departments (a role's data scope, a user's department).
 */
export type PickKind = 'user' | 'userId' | 'dept';

// People read in natural order: 批量用户2 before 批量用户10 (issue 16); departments keep the order
// the administrators gave them (their sort).
const naturally = new Intl.Collator('zh-CN', { numeric: true });

/**
 * The children of a department: its child departments when it has any, otherwise its users
 * (docs/decisions.md "Building blocks (issue 5)"). Only nodes of the picked kind can be chosen; when departments are
 * picked, a department's people are still shown, to tell which one it is.
 */
export function childNodes(list: DeptList, pick: PickKind = 'user'): PickerNode[] {
  const depts = list.depts ?? [];
  const deptPicked = pick === 'dept';
  if (depts.length > 0) {
    return depts.map((d) => ({
      value: `dept:${d.id}`,
      title: d.name,
      isLeaf: false,
      selectable: deptPicked,
      checkable: deptPicked,
      deptId: d.id,
    }));
  }
  return (list.users ?? [])
    .map((u) => ({
      value: pick === 'userId' ? `uid:${u.id}` : `user:${u.username}`,
      title: u.nickName ? `${u.nickName}（${u.username}）` : u.username,
      isLeaf: true,
      selectable: !deptPicked,
      checkable: !deptPicked,
    }))
    .sort((a, b) => naturally.compare(a.title, b.title));
}


/** The title of the node whose value is at, if it is loaded. */
export function titleOf(nodes: PickerNode[], at: string): string | undefined {
  for (const n of nodes) {
    if (n.value === at) return n.title;
    const found = n.children ? titleOf(n.children, at) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** A copy of nodes with children set under the node whose value is at. */
export function withChildren(nodes: PickerNode[], at: string, children: PickerNode[]): PickerNode[] {
  return nodes.map((n) =>
    n.value === at ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, at, children) } : n,
  );
}

/** dept:5 → 5 */
export function deptIdOf(value: string): number {
  return Number(value.startsWith('dept:') ? value.slice(5) : value);
}

/** uid:7 → 7 */
export function userIdOf(value: string): number {
  return Number(value.startsWith('uid:') ? value.slice(4) : value);
}

/** user:alice → alice */
export function usernameOf(value: string): string {
  return value.startsWith('user:') ? value.slice(5) : value;
}
