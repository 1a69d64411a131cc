import { rangeFromQuery } from '@/shared/ui/table/logic';
import { AsPerm, type CaseRow, type CaseStatus, type CaseType } from './api';

/** The tabs, in the order a case walks through them; '' is 全部. */
export const STATUSES: CaseStatus[] = [
  'applied',
  'approved',
  'awaiting_return',
  'returned',
  'received',
  'refunding',
  'refunded',
  'rejected',
  'cancelled',
];
export const TYPES: CaseType[] = ['refund', 'return'];

export type CaseMove = 'approve' | 'reject' | 'receive' | 'refund';

/** The moves in the order the row and the detail show them, each with its permission. */
export const CASE_MOVES: readonly { move: CaseMove; perm: string }[] = [
  { move: 'approve', perm: AsPerm.Audit },
  { move: 'receive', perm: AsPerm.Receive },
  { move: 'refund', perm: AsPerm.Refund },
  { move: 'reject', perm: AsPerm.Audit },
];

/** Before money moves: a refund not asked yet, or waiting on its 退款审批. */
const moneyStill = (r: Pick<CaseRow, 'refundState'>) => r.refundState === '' || r.refundState === 'approving';

/**
 * Whether a case's status (and refund sub-state) allows a move, as the BFF's state machine does
 * (bff/internal/aftersale): the row offers only these; the server refuses the rest with 409.
 */
export function canMove(r: Pick<CaseRow, 'status' | 'refundState'>, move: CaseMove): boolean {
  switch (move) {
    case 'approve':
      return r.status === 'applied';
    case 'receive':
      return r.status === 'returned';
    case 'reject':
      return ['applied', 'awaiting_return', 'returned', 'received'].includes(r.status) || (r.status === 'refunding' && moneyStill(r));
    case 'refund':
      // a received return; a refund-only case in 退款中 not yet paid, not waiting on approval or the gateway
      return r.status === 'received' || (r.status === 'refunding' && ['', 'approved', 'failed'].includes(r.refundState));
  }
}

/** The filters a link may carry (/mall/aftersale?status=applied&orderNo=…), as the page's first filters. */
export interface InitialFilters {
  status: string;
  form: { caseNo?: string; orderNo?: string; phone?: string; type?: string; createDate?: [string, string] };
}

export function filtersFromQuery(q: URLSearchParams): InitialFilters {
  const status = q.get('status') ?? '';
  const form: InitialFilters['form'] = {};
  for (const name of ['caseNo', 'orderNo', 'phone'] as const) {
    const v = q.get(name)?.trim();
    if (v) form[name] = v;
  }
  const type = q.get('type') ?? '';
  if ((TYPES as string[]).includes(type)) form.type = type;
  const created = rangeFromQuery(q, 'startTime', 'endTime');
  if (created) form.createDate = created;
  return { status: (STATUSES as string[]).includes(status) ? status : '', form };
}

/** Yuan text as whole fen (null when not an amount): the dialogs compare amounts without floats. */
export function fen(text: string | undefined | null): bigint | null {
  const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec((text ?? '').trim());
  return m ? BigInt(m[1] + (m[2] ?? '').padEnd(2, '0')) : null;
}

export function yuanOf(f: bigint): string {
  const d = (f < 0n ? -f : f).toString().padStart(3, '0');
  return `${f < 0n ? '-' : ''}${d.slice(0, -2)}.${d.slice(-2)}`;
}

/** Whether a yuan text is more than zero (an order's refunded total to show). */
export function positive(text: string | undefined | null): boolean {
  const f = fen(text);
  return f !== null && f > 0n;
}
