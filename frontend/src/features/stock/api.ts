import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type LedgerRow = Schemas['StockRow'];
export type SkuOption = Schemas['StockSkuRow'];

/** The ledger's reasons, in the order the filter offers them. */
export const REASONS = [
  'order_reserve',
  'order_release',
  'order_refund',
  'manual_in',
  'manual_out',
  'stocktake',
  'return_restock',
  'opening',
] as const;
export type Reason = (typeof REASONS)[number];

/** A person's change: units in or out, or a stocktake's counted figure. */
export type AdjustType = 'in' | 'out' | 'stocktake';

export interface AdjustInput {
  skuId: number;
  type: AdjustType;
  quantity: number;
  reason: string;
}

export interface LedgerQuery {
  page: number;
  size: number;
  [filter: string]: string | number | undefined;
}

export const LEDGER_URL = '/api/stock/ledger';

export const listLedger = (q: LedgerQuery) => http.get<Page<LedgerRow>>(LEDGER_URL, { params: q });
export const adjustStock = (a: AdjustInput) => http.post<LedgerRow>('/api/stock/adjust', a);
/** SKUs whose code starts with, or whose goods' name contains, blurry (the first 20). */
export const findSkus = (blurry: string) => http.get<SkuOption[]>('/api/stock/skus', { params: { blurry } });
