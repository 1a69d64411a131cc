import { http } from '@/shared/api';
import type { CategoryNode, Page } from '@/shared/api/contract';

export type { CategoryNode };

/** The body of create and edit; `code` is fixed once created (goods carry it). */
export type CategoryInput = { id?: number; pid: number; name: string; nameEn: string; code: string; sort: number; enabled: boolean };

export const categoryList = (q: { name?: string; enabled?: boolean } = {}) => http.get<Page<CategoryNode>>('/api/categories', { params: q });
export const createCategory = (c: CategoryInput) => http.post<{ id: number }>('/api/categories', c);
export const updateCategory = (c: CategoryInput) => http.put<void>('/api/categories', c);
export const deleteCategory = (id: number) => http.delete<void>(`/api/categories/${id}`);

export interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** A category may sit three levels deep: a category is a parent's choice only above the third. */
export const MAX_DEPTH = 3;

/**
 * The categories a category may move under, as TreeSelect options: not itself or anything below
 * it, and only where it (with the levels below it) still fits in MAX_DEPTH. The BFF checks the same.
 */
export function parentOptions(nodes: CategoryNode[], moving?: CategoryNode, level = 1): ParentOption[] {
  const height = moving ? heightOf(moving) : 1;
  return nodes
    .filter((n) => n.id !== moving?.id)
    .map((n) => {
      const children = parentOptions(n.children ?? [], moving, level + 1);
      return { value: n.id, title: n.name, disabled: level + height > MAX_DEPTH, children: children.length ? children : undefined };
    });
}

/** How many levels a category spans with everything below it (a leaf: 1). */
export function heightOf(n: CategoryNode): number {
  return 1 + Math.max(0, ...(n.children ?? []).map(heightOf));
}

/** The level of the category id in the tree (a top category: 1), 0 when it is not there. */
export function levelOf(nodes: CategoryNode[], id: number, level = 1): number {
  for (const n of nodes) {
    if (n.id === id) return level;
    const below = levelOf(n.children ?? [], id, level + 1);
    if (below) return below;
  }
  return 0;
}
