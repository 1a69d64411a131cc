import { describe, expect, it } from 'vitest';
import { canMove, filtersFromQuery, STATUSES } from './logic';
import type { Move } from './api';

describe('order moves offered per status', () => {
  // the status machine of order/machine.go: one status allows each move
  const allowed: Record<string, Move[]> = {
    unpaid: ['close'],
    paid: ['ship', 'refund'],
    shipped: ['complete'],
    completed: [],
    closed: [],
    refunded: [],
  };
  for (const status of STATUSES) {
    it(`${status} offers ${allowed[status].join(', ') || 'nothing'}`, () => {
      const offered = (['ship', 'close', 'refund', 'complete'] as Move[]).filter((m) => canMove(status, m));
      expect(offered).toEqual(allowed[status]);
    });
  }
});

describe('filters from a link', () => {
  it('reads the status tab and the search form', () => {
    const f = filtersFromQuery(new URLSearchParams('status=paid&orderNo=%20E2E%20&phone=138&agencyId=3&startTime=2026-01-01&endTime=2026-01-31'));
    expect(f).toEqual({
      status: 'paid',
      form: { orderNo: 'E2E', phone: '138', agencyId: 3, createDate: ['2026-01-01', '2026-01-31'] },
    });
  });
  it('leaves out what is not a filter', () => {
    expect(filtersFromQuery(new URLSearchParams('status=lost&agencyId=x&startTime=2026-01-01'))).toEqual({ status: '', form: {} });
  });
});

