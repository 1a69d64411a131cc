import { http } from '@/shared/api';

export interface Ref {
  id: number;
  name?: string;
}

export interface UserRow {
  id: number;
  username: string;
  nickName: string;
  gender: string;
  email: string;
  phone: string;
  enabled: boolean;
  isAdmin: boolean;
  kind: string;
  dept: Ref | null;
  roles: Ref[];
  createTime: string;
}

export interface UserInput {
  id?: number;
  username: string;
  nickName: string;
  gender?: string;
  email?: string;
  phone?: string;
  enabled: boolean;
  dept: { id: number };
  roles: Array<{ id: number }>;
  password?: string;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
}

export interface UserQuery {
  page: number;
  size: number;
  blurry?: string;
  deptId?: number;
  enabled?: boolean;
  createTime?: string[];
}

export const listUsers = (q: UserQuery) => http.get<Page<UserRow>>('/api/users', { params: q });
export const createUser = (u: UserInput) => http.post<{ id: number }>('/api/users', u);
export const updateUser = (u: UserInput) => http.put<void>('/api/users', u);
export const deleteUsers = (ids: number[]) => http.delete<void>('/api/users', { data: ids });
export const setUsersEnabled = (ids: number[], enabled: boolean) => http.put<void>('/api/users/enabled', { ids, enabled });
export const resetPassword = (id: number, password: string) => http.put<void>(`/api/users/${id}/password`, { password });
