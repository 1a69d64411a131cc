import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

export type SalesAnswer = Schemas['ReportAnswer'];
export type SalesRow = SalesAnswer['rows'][number];
export type Dimension = 'day' | 'goods' | 'sku' | 'category' | 'agency';

export interface SalesQuery {
  start: string;
  end: string;
  by: Dimension;
}

export const SALES_URL = '/api/reports/sales';

/** GET /api/reports/sales: the caller's sales (the shop, or their agency) over a range. */
export const getSales = (q: SalesQuery) => http.get<SalesAnswer>(SALES_URL, { params: q });

/** POST /api/reports/sales/downloadAll: the report as a sheet (money as numbers, 2 decimals). */
export const downloadSales = (q: SalesQuery, headers: string[], fields: string[]) =>
  http.post<Blob>(`${SALES_URL}/downloadAll`, { ...q, headers, fields }, { responseType: 'blob' });
