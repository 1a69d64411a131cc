import { chunk, deferred } from '@/shared/lib/chunk';

export type { CategorySelectProps } from './CategoryTreeSelect';

/**
 * 商品分类 as a TreeSelect over GET /api/categories/tree, by code: the goods dialog's category
 * (mode choose) and the goods list's filter (a parent finds its children's goods: the BFF widens
 * it). Its code is a chunk of its own, fetched after the page around it has drawn: antd's tree
 * select would otherwise put 商品管理 over its first-load budget.
 */
export const CategorySelect = deferred(
  chunk(() => import('./CategoryTreeSelect')),
  (m) => m.CategoryTreeSelect,
);
