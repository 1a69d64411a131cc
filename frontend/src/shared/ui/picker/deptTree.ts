import { http } from '@/shared/api';

/** GET /api/dept/list?deptId= (seed-spec §3): a department's child departments and its users. */
export interface DeptList {
  depts?: Array<{ id: number; name: string }>;
  users?: Array<{ username: string; nickName?: string }>;
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
 * The children of a department: its child departments when it has any, otherwise its users
 * (seed-spec §3 / issue 5).
 */
export function childNodes(list: DeptList): PickerNode[] {
  const depts = list.depts ?? [];
  if (depts.length > 0) {
    return depts.map((d) => ({ value: `dept:${d.id}`, title: d.name, isLeaf: false, selectable: false, checkable: false, deptId: d.id }));
  }
  return (list.users ?? []).map((u) => ({
    value: `user:${u.username}`,
    title: u.nickName ? `${u.nickName}（${u.username}）` : u.username,
    isLeaf: true,
    selectable: true,
    checkable: true,
  }));
}

/** A copy of nodes with children set under the node whose value is at. */
export function withChildren(nodes: PickerNode[], at: string, children: PickerNode[]): PickerNode[] {
  return nodes.map((n) =>
    n.value === at ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, at, children) } : n,
  );
}

/** user:alice → alice */
export function usernameOf(value: string): string {
  return value.startsWith('user:') ? value.slice(5) : value;
}
