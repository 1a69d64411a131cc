import { http } from '@/shared/api';
import type { MenuNode } from './types';

export function buildMenus(): Promise<MenuNode[]> {
  return http.get<MenuNode[]>('/api/menus/build');
}
