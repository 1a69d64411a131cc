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
