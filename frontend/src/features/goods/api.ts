import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

/**
 * A list row: `price` is the low end of the SKUs' prices, `maxPrice` the high end, `stock` their
 * total, `lowSkus` how many on-sale SKUs are at or under their threshold.
 */
export type GoodsRow = Schemas['GoodsRow'];
/** GET /api/goods/{id}: the row with its description, spec dimensions and SKUs. */
export type GoodsDetail = Schemas['GoodsDetail'];
/** A spec dimension (颜色) and its values (红, 蓝), in the order the dialog shows them. */
export type GoodsSpec = Schemas['GoodsSpec'];
/** One sellable combination of spec values; a goods item without specs has exactly one, with specs []. */
export type GoodsSku = Schemas['GoodsSkuRow'];
/** A SKU as a save sends it: money as yuan text, counts as numbers; no id for a new one. */
export type GoodsSkuInput = Omit<GoodsSku, 'id'> & { id?: number };
export type GoodsStatus = 'draft' | 'on_sale' | 'off_sale';
export type { Page };

export const GOODS_STATUSES: readonly GoodsStatus[] = ['draft', 'on_sale', 'off_sale'];

/** A create or edit: money as yuan text ("12.50"), the stock as a whole number. */
export interface GoodsInput {
  id?: number;
  name: string;
  code: string;
  category: string;
  price: string;
  cost: string;
  stock: number;
  status: GoodsStatus;
  mainPicture: string;
  gallery: string[];
  description: string;
  specs: GoodsSpec[];
  skus: GoodsSkuInput[];
}

export interface GoodsQuery {
  page: number;
  size: number;
  sort?: string[];
  [filter: string]: string | number | boolean | string[] | undefined;
}

export const GOODS_URL = '/api/goods';

export const listGoods = (q: GoodsQuery) => http.get<Page<GoodsRow>>(GOODS_URL, { params: q });
export const createGoods = (g: GoodsInput) => http.post<{ id: number }>(GOODS_URL, g);
export const updateGoods = (g: GoodsInput) => http.put<void>(GOODS_URL, g);
export const deleteGoods = (ids: number[]) => http.delete<void>(GOODS_URL, { data: ids });
/** 批量上架 / 批量下架. */
export const setGoodsStatus = (ids: number[], status: 'on_sale' | 'off_sale') =>
  http.put<void>(`${GOODS_URL}/status`, { ids, status });
/** One row with its description (the edit dialog, the detail). */
export const getGoods = (id: number) => http.get<GoodsDetail>(`${GOODS_URL}/${id}`);
