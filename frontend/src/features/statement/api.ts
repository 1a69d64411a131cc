import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type StatementRow = Schemas['StatementRowAnswer'];
export type StatementDetail = Schemas['StatementDetailAnswer'];
export type StatementFormat = 'xlsx' | 'pdf';

export interface StatementQuery {
  page: number;
  size: number;
  [filter: string]: string | number | undefined;
}

export const listStatements = (q: StatementQuery) => http.get<Page<StatementRow>>('/api/statements', { params: q });
export const getStatement = (id: number) => http.get<StatementDetail>(`/api/statements/${id}`);
export const downloadStatement = (id: number, format: StatementFormat) =>
  http.get<Blob>(`/api/statements/${id}/download`, { params: { format }, responseType: 'blob' });
export const generateStatement = (agencyId: number, month: string) =>
  http.post<{ id: number }>('/api/statements/generate', { agencyId, month });
export const adjustStatement = (id: number, amount: string, reason: string) =>
  http.post<void>(`/api/statements/${id}/adjustments`, { amount, reason });

/** The file a download is saved as: 杭州云栖商贸有限公司 2026-11 对账单.xlsx. */
export const statementFileName = (row: Pick<StatementRow, 'agencyName' | 'month'>, format: StatementFormat) =>
  `${row.agencyName} ${row.month} 对账单.${format}`;
