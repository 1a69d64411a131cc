import { http } from '@/shared/api';
import type { CategoryNode } from '@/shared/api/contract';
import type { Language } from '@/shared/lib/i18n';

export type { CategoryNode };

/**
 * GET /api/categories/tree: the goods category tree a picker offers — with all, every category
 * (the list's filter: goods keep a disabled category and are still found by it); without, only
 * those that may be chosen (enabled, under enabled ones). A channel session may read it too.
 */
export function categoryTree(all = true): Promise<CategoryNode[]> {
  return http.get<CategoryNode[]>('/api/categories/tree', { params: all ? { all: 1 } : {} });
}

/** A category's name in the language: its English name in English mode when it has one. */
export function categoryName(n: Pick<CategoryNode, 'name' | 'nameEn'>, language: Language): string {
  return language === 'en-US' && n.nameEn ? n.nameEn : n.name;
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
export function categoryOptions(
  nodes: CategoryNode[],
  choosable = false,
  offNote = '',
  language: Language = 'zh-CN',
  parentOff = false,
): CategoryOption[] {
  return nodes.map((n) => {
    const off = parentOff || !n.enabled;
    const name = categoryName(n, language);
    return {
      value: n.code,
      title: !n.enabled && offNote ? `${name}（${offNote}）` : name,
      ...(choosable && off ? { disabled: true } : {}),
      children: n.children?.length ? categoryOptions(n.children, choosable, offNote, language, off) : undefined,
    };
  });
}

/** Each category's name by code, with the names above it: 服装 / 男装 / T恤. */
export function categoryPaths(nodes: CategoryNode[], language: Language = 'zh-CN', above = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of nodes) {
    const name = categoryName(n, language);
    const path = above ? `${above} / ${name}` : name;
    out.set(n.code, path);
    for (const [k, v] of categoryPaths(n.children ?? [], language, path)) out.set(k, v);
  }
  return out;
}

/** Each category's own name by code (a list's narrow cell; its path goes in the tooltip). */
export function categoryNames(nodes: CategoryNode[], language: Language = 'zh-CN'): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (ns: CategoryNode[]) =>
    ns.forEach((n) => {
      out.set(n.code, categoryName(n, language));
      walk(n.children ?? []);
    });
  walk(nodes);
  return out;
}
