import { http } from '@/shared/api';

/** A menu as GET /api/menus/tree gives it (buttons too). */
export interface MenuRow {
  id: number;
  pid: number;
  type: 0 | 1 | 2;
  title: string;
  componentName: string;
  component: string;
  path: string;
  menuSort: number;
  icon: string;
  permission: string;
  hidden: boolean;
  cache: boolean;
  alwaysShow: boolean;
  redirect: string;
  activeMenu: string;
  breadcrumb: boolean;
  iFrame: boolean;
  createTime?: string;
  children?: MenuRow[];
}

export type MenuInput = Omit<MenuRow, 'children' | 'createTime' | 'id'> & { id?: number };

export const menuTree = () => http.get<MenuRow[]>('/api/menus/tree');
export const createMenu = (m: MenuInput) => http.post<{ id: number }>('/api/menus', m);
export const updateMenu = (m: MenuInput) => http.put<void>('/api/menus', m);
export const deleteMenus = (ids: number[]) => http.delete<void>('/api/menus', { data: ids });
