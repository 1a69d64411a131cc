import { http } from '@/shared/api';
import type { DeptNode as ContractDeptNode, Page } from '@/shared/api/contract';

/** Department heads (docs/workflow.md): the tree answers them by name; the generated type gains them with the engine. */
export type DeptNode = Omit<ContractDeptNode, 'children'> & { leaders?: Array<{ id: number; name: string }>; children?: DeptNode[] };

/** `leaders`: user IDs of the department's heads (0–5), who approve as 部门主管 in the workflow. */
export type DeptInput = { id?: number; pid: number; name: string; deptSort: number; enabled: boolean; leaders: number[] };

export const deptTree = (q: { name?: string; enabled?: boolean } = {}) => http.get<Page<DeptNode>>('/api/dept', { params: q });
export const createDept = (d: DeptInput) => http.post<{ id: number }>('/api/dept', d);
export const updateDept = (d: DeptInput) => http.put<void>('/api/dept', d);
export const deleteDepts = (ids: number[]) => http.delete<void>('/api/dept', { data: ids });

export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** Departments as TreeSelect options. */
export function deptOptions(nodes: DeptNode[]): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: n.name, children: n.children ? deptOptions(n.children) : undefined }));
}
