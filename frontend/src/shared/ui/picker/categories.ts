import { http } from '@/shared/api';
import type { CategoryNode } from '@/shared/api/contract';

export type { CategoryNode };

/**
 * GET /api/categories/tree: the goods category tree a picker offers — with all, every category
 * (the list's filter: goods keep a disabled category and are still found by it); without, only
 * those that may be chosen (enabled, under enabled ones). A channel session may read it too.
 */
export function categoryTree(all = true): Promise<CategoryNode[]> {
  return http.get<CategoryNode[]>('/api/categories/tree', { params: all ? { all: 1 } : {} });
}

export interface CategoryOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: CategoryOption[];
}

/**
 * The tree as TreeSelect options by code. With choosable, a category that is off (or under one
 * that is off) cannot be picked — but still shows, so that a row already in it reads its name;
 * offNote follows the name of a category that is itself off.
 */
export function categoryOptions(nodes: CategoryNode[], choosable = false, offNote = '', parentOff = false): CategoryOption[] {
  return nodes.map((n) => {
    const off = parentOff || !n.enabled;
    return {
      value: n.code,
      title: !n.enabled && offNote ? `${n.name}（${offNote}）` : n.name,
      ...(choosable && off ? { disabled: true } : {}),
      children: n.children?.length ? categoryOptions(n.children, choosable, offNote, off) : undefined,
    };
  });
}

/** Each category's name by code, with the names above it: 服装 / 男装 / T恤. */
export function categoryPaths(nodes: CategoryNode[], above = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of nodes) {
    const path = above ? `${above} / ${n.name}` : n.name;
    out.set(n.code, path);
    for (const [k, v] of categoryPaths(n.children ?? [], path)) out.set(k, v);
  }
  return out;
}
