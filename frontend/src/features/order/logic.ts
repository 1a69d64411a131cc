import { rangeFromQuery } from '@/shared/ui/table/logic';
import type { Move, OrderStatus } from './api';

/** The tabs, in the order the BFF lists the statuses; '' is 全部. */
export const STATUSES: OrderStatus[] = ['unpaid', 'paid', 'shipped', 'completed', 'closed', 'refunded'];

/** The one move each status allows per action (order/machine.go): the row shows only these. */
const FROM: Record<Move, OrderStatus> = { ship: 'paid', refund: 'paid', close: 'unpaid', complete: 'shipped' };

export function canMove(status: string, move: Move): boolean {
  return FROM[move] === status;
}

/** The filters a link may carry (/mall/order?status=paid&phone=138…), as the page's first filters. */
export interface InitialFilters {
  status: string;
  form: { orderNo?: string; phone?: string; agencyId?: number; createDate?: [string, string] };
}

export function filtersFromQuery(q: URLSearchParams): InitialFilters {
  const status = q.get('status') ?? '';
  const form: InitialFilters['form'] = {};
  const orderNo = q.get('orderNo')?.trim();
  const phone = q.get('phone')?.trim();
  const agencyId = Number(q.get('agencyId'));
  if (orderNo) form.orderNo = orderNo;
  if (phone) form.phone = phone;
  if (Number.isInteger(agencyId) && agencyId > 0) form.agencyId = agencyId;
  const created = rangeFromQuery(q, 'startTime', 'endTime');
  if (created) form.createDate = created;
  return { status: (STATUSES as string[]).includes(status) ? status : '', form };
}

/**
 * What an order not wholly refunded has had back (its after-sales cases), or '' when nothing or
 * all of it: the BFF's row carries `refunded` (yuan text) since issue 29.
 */
export function refundedOf(row: { status: string; refunded?: string }): string {
  const r = row.refunded?.trim() ?? '';
  if (row.status === 'refunded' || !/^\d+(\.\d{1,2})?$/.test(r) || /^0+(\.0*)?$/.test(r)) return '';
  return r;
}

/** 修改地址 is offered before shipping only (order/shipdesk.go). */
export function canEditAddress(status: string): boolean {
  return status === 'unpaid' || status === 'paid';
}

/**
 * 修改物流 and 取消发货 are offered while the BFF said the shipment may still change
 * (`shipmentFixUntil`, "yyyy-MM-dd HH:mm:ss" local) and that time has not passed here either.
 */
export function canFixShipment(row: { status: string; shipmentFixUntil?: string }, now: Date = new Date()): boolean {
  if (row.status !== 'shipped' || !row.shipmentFixUntil) return false;
  const until = new Date(row.shipmentFixUntil.replace(' ', 'T'));
  return !Number.isNaN(until.getTime()) && now.getTime() <= until.getTime();
}

/** The address a region (浙江省/杭州市/西湖区) and the street make: the names then the street. */
export function joinAddress(region: string | undefined, street: string): string {
  const names = (region ?? '').split('/').map((s) => s.trim()).filter(Boolean);
  const rest = street.trim();
  return names.length && rest.startsWith(names.join('')) ? rest : names.join('') + rest;
}

/** The columns of 导出明细, in the sheet's order (order/itemexport.go). */
export const ITEM_FIELDS = [
  { key: 'orderNo', title: '订单号' },
  { key: 'status', title: '订单状态' },
  { key: 'skuCode', title: '规格编码' },
  { key: 'specText', title: '规格' },
  { key: 'goodsName', title: '商品名称' },
  { key: 'quantity', title: '数量' },
  { key: 'unitPrice', title: '单价' },
  { key: 'amount', title: '金额' },
  { key: 'customerName', title: '收货人' },
  { key: 'phone', title: '手机号' },
  { key: 'address', title: '收货地址' },
  { key: 'expressCompany', title: '快递公司' },
  { key: 'trackingNo', title: '快递单号' },
] as const;
