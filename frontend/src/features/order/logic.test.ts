import { describe, expect, it } from 'vitest';
import { canMove, filtersFromQuery, refundedOf, STATUSES, canEditAddress, canFixShipment, joinAddress } from './logic';
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
  it('reads dates with a time as their days and drops days that do not exist or run backwards', () => {
    const day = (q: string) => filtersFromQuery(new URLSearchParams(q)).form.createDate;
    expect(day('startTime=2026-11-01%2000:00:00&endTime=2026-11-28%2023:59:59')).toEqual(['2026-11-01', '2026-11-28']);
    expect(day('startTime=2026-02-30&endTime=2026-03-01')).toBeUndefined();
    expect(day('startTime=2026-13-01&endTime=2026-13-02')).toBeUndefined();
    expect(day('startTime=2026-03-02&endTime=2026-03-01')).toBeUndefined();
    expect(day('startTime=1764547200&endTime=1764633600')).toBeUndefined();
  });
});

describe('the refunded amount a row shows', () => {
  it('is what went back of an order not wholly refunded, nothing otherwise', () => {
    expect(refundedOf({ status: 'shipped', refunded: '12.00' })).toBe('12.00');
    expect(refundedOf({ status: 'shipped', refunded: '0.00' })).toBe('');
    expect(refundedOf({ status: 'shipped' })).toBe('');
    expect(refundedOf({ status: 'refunded', refunded: '47.98' })).toBe('');
    expect(refundedOf({ status: 'paid', refunded: 'x' })).toBe('');
  });
});

describe('shipping desk', () => {
  const now = new Date(2026, 0, 2, 10, 0, 0);
  it('offers 修改地址 before shipping only', () => {
    expect(['unpaid', 'paid', 'shipped', 'completed', 'closed', 'refunded'].filter(canEditAddress)).toEqual(['unpaid', 'paid']);
  });
  it('offers 修改物流 and 取消发货 while the window the BFF gave is open', () => {
    expect(canFixShipment({ status: 'shipped', shipmentFixUntil: '2026-01-02 10:00:00' }, now)).toBe(true);
    expect(canFixShipment({ status: 'shipped', shipmentFixUntil: '2026-01-02 09:59:59' }, now)).toBe(false);
    expect(canFixShipment({ status: 'shipped', shipmentFixUntil: '' }, now)).toBe(false);
    expect(canFixShipment({ status: 'completed', shipmentFixUntil: '2026-01-03 00:00:00' }, now)).toBe(false);
    expect(canFixShipment({ status: 'shipped', shipmentFixUntil: 'later' }, now)).toBe(false);
  });
  it('puts a picked region before the street, once', () => {
    expect(joinAddress('浙江省/杭州市/西湖区', ' 文三路 1 号 ')).toBe('浙江省杭州市西湖区文三路 1 号');
    expect(joinAddress('浙江省/杭州市/西湖区', '浙江省杭州市西湖区文三路 1 号')).toBe('浙江省杭州市西湖区文三路 1 号');
    expect(joinAddress(undefined, '上海市浦东新区世纪大道 8 号')).toBe('上海市浦东新区世纪大道 8 号');
  });
});
