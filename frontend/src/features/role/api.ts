import { http } from '@/shared/api';
import type { Page } from '@/shared/api/contract';

export type DataScope = 'all' | 'dept' | 'custom';

export interface RoleRow {
  id: number;
  name: string;
  level: number;
  description: string;
  dataScope: DataScope;
  menus: number[];
  depts: number[];
  createTime: string;
}

export type RoleInput = Omit<RoleRow, 'createTime' | 'id'> & { id?: number };

/** The list; POST {ROLES_URL}/download and /downloadAll export it. */
export const ROLES_URL = '/api/roles';
export const listRoles = (q: { page: number; size: number; blurry?: string }) =>
  http.get<Page<RoleRow>>(ROLES_URL, { params: q });
export const allRoles = () => http.get<RoleRow[]>('/api/roles/all');
export const createRole = (r: RoleInput) => http.post<{ id: number }>('/api/roles', r);
export const updateRole = (r: RoleInput) => http.put<void>('/api/roles', r);
export const deleteRoles = (ids: number[]) => http.delete<void>('/api/roles', { data: ids });
