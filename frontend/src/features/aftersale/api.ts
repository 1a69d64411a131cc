import { client, http } from '@/shared/api';
import type { Page } from '@/shared/api/contract';

/**
 * 售后 (issue 29): the BFF's cases as docs/aftersale design fixes them. Written by hand until
 * the BFF's aftersale package is in the OpenAPI document (then: aliases of Schemas, as order's).
 * Money is yuan text ("12.34"), never a float.
 */
export type CaseStatus =
  | 'applied'
  | 'approved'
  | 'awaiting_return'
  | 'returned'
  | 'received'
  | 'refunding'
  | 'refunded'
  | 'rejected'
  | 'cancelled';
export type CaseType = 'refund' | 'return';
/** "" not asked · approving (退款审批 open) · approved · sent (gateway) · failed · done. */
export type RefundState = '' | 'approving' | 'approved' | 'sent' | 'failed' | 'done';
export type Provider = 'manual' | 'gateway';

/** The permissions of 售后管理 (platform/perm; kept here until the generated Perm has them). */
export const AsPerm = {
  List: 'aftersale:list',
  Audit: 'aftersale:audit',
  Receive: 'aftersale:receive',
  Refund: 'aftersale:refund',
  Export: 'aftersale:export',
} as const;

export interface CaseRow {
  id: number;
  caseNo: string;
  orderId: number;
  orderNo: string;
  agencyId: number | null;
  type: CaseType;
  status: CaseStatus;
  reason: string;
  description: string;
  amount: string;
  freight: string;
  customerName: string;
  phone: string;
  returnAddress: string;
  returnCompany: string;
  returnTrackingNo: string;
  damaged: boolean;
  provider: Provider | '';
  voucherNo: string;
  voucherFileId: number | null;
  refundNo: string;
  refundState: RefundState;
  instanceId: number | null;
  source: 'console' | 'open' | string;
  createBy: string;
  createTime: string;
  updateTime: string;
  refundTime: string | null;
}

export interface CaseItem {
  id: number;
  orderItemId: number;
  skuCode: string;
  goodsName: string;
  specText: string;
  unitPrice: string;
  quantity: number;
  refunded: string;
}

export interface CaseHistory {
  fromStatus: string;
  toStatus: string;
  operator: string;
  note: string;
  createTime: string;
}

/** A photo as the detail gives it: a file id, or the file with where to read it. */
export type PhotoRef = number | { id: number; readUrl?: string; url?: string; originalName?: string; name?: string };

export interface CaseDetail extends CaseRow {
  items: CaseItem[];
  photos: PhotoRef[];
  /** The picture of a manual refund's transfer, once recorded. */
  voucherFile?: { id: number; readUrl: string; originalName: string } | null;
  history: CaseHistory[];
  orderAmount: string;
  orderRefunded: string;
}

export type CaseCounts = Record<'all' | CaseStatus, number>;

/** The list's filters as the BFF takes them (the tabs add `status`). */
export interface CaseFilters {
  status?: string;
  type?: string;
  caseNo?: string;
  orderNo?: string;
  phone?: string;
  startTime?: string;
  endTime?: string;
}

export const BASE = '/api/aftersales';

export const listCases = (q: CaseFilters & { page: number; size: number }) => http.get<Page<CaseRow>>(BASE, { params: q });
export const caseCounts = (q: CaseFilters) => http.get<CaseCounts>(`${BASE}/counts`, { params: { ...q, status: undefined } });
export const getCase = (id: number) => http.get<CaseDetail>(`${BASE}/${id}`);
/** An order's cases (the order's detail; 50 is more than any order has). */
export const orderCases = (orderNo: string) => http.get<Page<CaseRow>>(BASE, { params: { orderNo, page: 0, size: 50 } });

export const approveCase = (id: number, returnAddress?: string) =>
  http.post<CaseDetail>(`${BASE}/${id}/approve`, returnAddress ? { returnAddress } : {});
export const rejectCase = (id: number, reason: string) => http.post<CaseDetail>(`${BASE}/${id}/reject`, { reason });
export const receiveCase = (id: number, damaged: boolean) => http.post<CaseDetail>(`${BASE}/${id}/receive`, { damaged });

export interface RefundBody {
  provider: Provider;
  voucherNo?: string;
  voucherFileId?: number;
}

/**
 * 退款. `approving`: the BFF answered 202 — the amount is over the approval line and a 退款审批
 * instance was started instead of paying (the case's refundState says so too).
 */
export async function refundCase(id: number, body: RefundBody): Promise<{ detail: CaseDetail; approving: boolean }> {
  let status = 0;
  const defaults = client.axios.defaults.transformResponse;
  const parse = Array.isArray(defaults) ? defaults : defaults ? [defaults] : [];
  const detail = await http.post<CaseDetail>(`${BASE}/${id}/refund`, body, {
    transformResponse: [
      ...parse,
      (data: unknown, _headers: unknown, code?: number) => {
        status = code ?? 0;
        return data;
      },
    ],
  });
  return { detail, approving: status === 202 || detail?.refundState === 'approving' };
}

/** 代客申请 (POST /api/aftersales). */
export interface OpenBody {
  orderNo: string;
  type: CaseType;
  reason: string;
  description: string;
  photos: number[];
  items: { orderItemId: number; quantity: number }[];
  amount: string;
  freight: string;
}
export const openCase = (body: OpenBody) => http.post<CaseDetail>(BASE, body);

/**
 * The order a case is opened for, as GET /api/orders/:id gives it (only what 代客申请 reads).
 * Called here rather than imported from features/order (features import only auth).
 */
export interface OrderForCase {
  id: number;
  orderNo: string;
  status: string;
  customerName: string;
  phone: string;
  amount: string;
  freight: string;
  refunded?: string;
  items: { id?: number; orderItemId?: number; goodsName: string; skuCode: string; specText: string; unitPrice: string; quantity: number; refunded?: string; refundedQty?: number }[];
}

/** The order of a number: the list finds its id (its filter matches from the start), the detail its items. */
export async function findOrder(orderNo: string): Promise<OrderForCase | null> {
  const page = await http.get<Page<{ id: number; orderNo: string }>>('/api/orders', { params: { orderNo, page: 0, size: 10 } });
  const hit = page.content.find((o) => o.orderNo === orderNo);
  return hit ? http.get<OrderForCase>(`/api/orders/${hit.id}`) : null;
}
