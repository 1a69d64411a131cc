import { http } from '@/shared/api';
import type { Page, UserRow } from '@/shared/api/contract';

export type { Page, UserRow };

export interface Ref {
  id: number;
  name?: string;
}

export interface UserInput {
  id?: number;
  username: string;
  nickName: string;
  gender?: string;
  email?: string;
  phone?: string;
  /** 工号: portal sign-in finds the account by it; '' for none. */
  empNo?: string;
  /** 登录IP白名单 as typed (commas or line breaks); '' lets the account in from anywhere. */
  loginIps?: string;
  enabled: boolean;
  dept: { id: number };
  roles: Array<{ id: number }>;
  password?: string;
}

export interface UserQuery {
  page: number;
  size: number;
  blurry?: string;
  deptId?: number;
  enabled?: boolean;
  createTime?: string[];
  sort?: string[];
}

/** The list; POST {USERS_URL}/download and /downloadAll export it. */
export const USERS_URL = '/api/users';
export const listUsers = (q: UserQuery) => http.get<Page<UserRow>>(USERS_URL, { params: q });
export const createUser = (u: UserInput) => http.post<{ id: number }>('/api/users', u);
export const updateUser = (u: UserInput) => http.put<void>('/api/users', u);
export const deleteUsers = (ids: number[]) => http.delete<void>('/api/users', { data: ids });
export const setUsersEnabled = (ids: number[], enabled: boolean) => http.put<void>('/api/users/enabled', { ids, enabled });
export const resetPassword = (id: number, password: string) => http.put<void>(`/api/users/${id}/password`, { password });
/** 强制下线: every session of the user ends (the kick-out rule of 在线用户). */
export const endUserSessions = (id: number) => http.delete<void>(`/api/auth/online/users/${id}`);
