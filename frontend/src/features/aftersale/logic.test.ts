import { describe, expect, it } from 'vitest';
import type { CaseStatus, RefundState } from './api';
import { canMove, fen, filtersFromQuery, STATUSES, yuanOf, type CaseMove } from './logic';

const moves = (status: CaseStatus, refundState: RefundState = ''): CaseMove[] =>
  (['approve', 'receive', 'refund', 'reject'] as CaseMove[]).filter((m) => canMove({ status, refundState }, m));

describe('case moves offered per status', () => {
  it('follow the BFF’s machine: reject before money moves, refund once received or while refunding and unpaid', () => {
    expect(moves('applied')).toEqual(['approve', 'reject']);
    expect(moves('approved')).toEqual([]);
    expect(moves('awaiting_return')).toEqual(['reject']);
    expect(moves('returned')).toEqual(['receive', 'reject']);
    expect(moves('received')).toEqual(['refund', 'reject']);
    expect(moves('refunding')).toEqual(['refund', 'reject']);
    expect(moves('refunding', 'approving')).toEqual(['reject']);
    expect(moves('refunding', 'approved')).toEqual(['refund']);
    expect(moves('refunding', 'sent')).toEqual([]);
    expect(moves('refunding', 'failed')).toEqual(['refund']);
    for (const end of ['refunded', 'rejected', 'cancelled'] as CaseStatus[]) expect(moves(end)).toEqual([]);
  });
});

describe('the filters a link carries', () => {
  it('reads a known status and type, the numbers and the date range; drops the rest', () => {
    const q = new URLSearchParams('status=returned&type=return&caseNo=AS1&orderNo=%20NO2%20&phone=1381&startTime=2026-11-01&endTime=2026-11-28');
    expect(filtersFromQuery(q)).toEqual({
      status: 'returned',
      form: { caseNo: 'AS1', orderNo: 'NO2', phone: '1381', type: 'return', createDate: ['2026-11-01', '2026-11-28'] },
    });
    expect(filtersFromQuery(new URLSearchParams('status=lost&type=swap'))).toEqual({ status: '', form: {} });
    expect(STATUSES).toHaveLength(9);
  });
});

describe('money in fen', () => {
  it('reads yuan text and writes it back without floats', () => {
    expect(fen('23.99')).toBe(2399n);
    expect(fen('0.1')).toBe(10n);
    expect(fen('1.234')).toBeNull();
    expect(fen('-1')).toBeNull();
    expect(yuanOf(4798n)).toBe('47.98');
    expect(yuanOf(5n)).toBe('0.05');
  });
});
