import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type OrderRow = Schemas['OrderRow'];
export type OrderCounts = Schemas['OrderCounts'];
export type OrderStatus = 'unpaid' | 'paid' | 'shipped' | 'completed' | 'closed' | 'refunded';
export type Move = 'ship' | 'close' | 'refund' | 'complete';
/** An order as a move needs it: the list's row and the detail both have these. */
export type MovedOrder = Pick<OrderRow, 'id' | 'orderNo'>;

/** An order as 修改备注 needs it: the list's row and the detail both have these. */
export type RemarkedOrder = Pick<OrderRow, 'id' | 'orderNo' | 'remark'>;

/** The list's filters as the BFF takes them (the tabs add `status`). */
export interface OrderFilters {
  orderNo?: string;
  phone?: string;
  status?: string;
  agencyId?: number;
  startTime?: string;
  endTime?: string;
}

/** The express import's answer (POST /background/xf/order/expressImport; not in the /api document). */
export interface ImportAnswer {
  total: number;
  imported: number;
  failed: number;
  errors: ImportErrorRow[];
}

export interface ImportErrorRow {
  row: number;
  orderNo: string;
  message: string;
}

export const IMPORT_URL = '/background/xf/order/expressImport';

export const listOrders = (q: OrderFilters & { page: number; size: number }) =>
  http.get<Page<OrderRow>>('/api/orders', { params: q });
export const orderCounts = (q: OrderFilters) => http.get<OrderCounts>('/api/orders/counts', { params: { ...q, status: undefined } });
export const moveOrder = (id: number, move: Move, body?: { expressCompany: string; trackingNo: string }) =>
  http.put<void>(`/api/orders/${id}/${move}`, body ?? {});
export type OrderDetail = Schemas['OrderDetailRow'];
export const getOrder = (id: number) => http.get<OrderDetail>(`/api/orders/${id}`);
/** An order as the shipping desk needs it: the list's row and the detail both have these. */
export type DeskOrder = Pick<OrderRow, 'id' | 'orderNo' | 'status' | 'expressCompany' | 'trackingNo' | 'shipmentFixUntil'>;
export interface AddressBody {
  customerName: string;
  phone: string;
  address: string;
}
export const setOrderAddress = (id: number, body: AddressBody) => http.put<void>(`/api/orders/${id}/address`, body);
export const setOrderShipment = (id: number, body: { expressCompany: string; trackingNo: string }) =>
  http.put<void>(`/api/orders/${id}/shipment`, body);
export const unshipOrder = (id: number, reason: string) => http.post<void>(`/api/orders/${id}/unship`, { reason });
/** 导出明细: one row per order item (order:exportDetail). */
export const ITEM_EXPORT_URL = '/api/orders/items';
export const setOrderRemark = (id: number, remark: string) => http.put<void>(`/api/orders/${id}/remark`, { remark });

export function importExpress(file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  return http.post<ImportAnswer>(IMPORT_URL, form);
}
export const expressTemplate = () => http.get<Blob>('/api/orders/expressTemplate', { responseType: 'blob' });
export const expressErrorSheet = (errors: ImportErrorRow[]) =>
  http.post<Blob>('/api/orders/expressErrors', errors, { responseType: 'blob' });

/** 订单设置 (GET/PUT /api/settings/order). */
export type OrderSettings = Schemas['OrderSettings'];
export const getOrderSettings = () => http.get<OrderSettings>('/api/settings/order');
export const saveOrderSettings = (body: OrderSettings) => http.put<OrderSettings>('/api/settings/order', body);
