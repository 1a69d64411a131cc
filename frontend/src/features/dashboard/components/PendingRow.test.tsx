import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useSession } from '@/features/auth';
import type { Overview } from '../api';
import { PendingRow } from './PendingRow';

const overview = { pending: { toShip: 1, refunded: 0, lowStock: 2, lowStockBelow: 10, expiringContracts: 3 } } as unknown as Overview;
const period = { start: '2026-01-01 00:00:00', end: '2026-01-31 00:00:00' } as never;
const link = () => document.querySelector('a[data-pending="expiringContracts"]')?.getAttribute('href');
const as = (kind: 'staff' | 'channel') => useSession.setState({ user: { kind } as never });

afterEach(() => useSession.setState({ user: null }));

describe('合同即将到期 on the overview', () => {
  it("opens the list of the viewer's own menu: 渠道 → 合同管理 for staff, 我的渠道 → 合同 for an operator", () => {
    as('staff');
    const { unmount } = render(<MemoryRouter><PendingRow data={overview} period={period} links /></MemoryRouter>);
    expect(link()).toBe('/channel/contract?expiring=1');
    unmount();
    as('channel');
    render(<MemoryRouter><PendingRow data={overview} period={period} links /></MemoryRouter>);
    expect(link()).toBe('/mine/contract?expiring=1');
  });
});

describe('待处理售后 on the overview', () => {
  it('shows only when the overview carries it, and opens 售后管理 on 申请中', () => {
    as('staff');
    const { unmount } = render(<MemoryRouter><PendingRow data={overview} period={period} links /></MemoryRouter>);
    expect(document.querySelector('[data-pending="pendingAftersales"]')).toBeNull();
    unmount();
    const withCases = { pending: { ...overview.pending, pendingAftersales: 4 } } as unknown as Overview;
    render(<MemoryRouter><PendingRow data={withCases} period={period} links /></MemoryRouter>);
    const a = document.querySelector('a[data-pending="pendingAftersales"]');
    expect(a?.getAttribute('href')).toBe('/mall/aftersale?status=applied');
    expect(a?.textContent).toBe('4');
    expect(a?.getAttribute('aria-label')).toBe('待处理售后');
  });
});
