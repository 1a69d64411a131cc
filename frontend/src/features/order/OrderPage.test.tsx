import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import OrderPage from './OrderPage';

let bff: FakeBff;

const row = (id: number, status: string) => ({
  id,
  orderNo: `NO${id}`,
  customerName: '王五',
  phone: '138****5678',
  amount: '47.98',
  freight: '8.00',
  payTime: '',
  agencyId: null,
  status,
  expressCompany: '',
  trackingNo: '',
  shipTime: '',
  remark: '',
  createTime: '2026-01-01 10:00:00',
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/orders', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: [row(1, 'paid'), row(2, 'unpaid')], totalElements: 2 } };
  });
  bff.on('GET /api/orders/counts', () => ({
    status: 200,
    body: { all: 9, unpaid: 1, paid: 2, shipped: 3, completed: 1, closed: 1, refunded: 1 },
  }));
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [], totalElements: 0 } }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

describe('订单管理', { timeout: 60_000 }, () => {
  it('opens on the status of the link, shows the counts, offers only the moves the status and the roles allow', async () => {
    useSession.setState({ roles: ['order:list', 'order:ship', 'order:close'] });
    render(
      <MemoryRouter initialEntries={['/mall/order?status=paid&orderNo=NO']}>
        <Providers container={null} styleCache={createCache()}>
          <AntApp>
            <OrderPage />
          </AntApp>
        </Providers>
      </MemoryRouter>,
    );
    const paid = (await screen.findByText('NO1')).closest('tr')!;
    expect(bff.queries[0]).toMatchObject({ status: 'paid', orderNo: 'NO', page: 0, size: 10 });
    expect(screen.getByRole('tab', { name: '待发货 (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '全部 (9)' })).toBeInTheDocument();
    // 发货 needs order:ship and a paid order; 退款 is not held; 关闭 is for unpaid orders
    expect(within(paid).queryByRole('button', { name: /发\s*货/ })).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /退\s*款/ })).toBeNull();
    expect(within(paid).queryByRole('button', { name: /关\s*闭/ })).toBeNull();
    const unpaid = screen.getByText('NO2').closest('tr')!;
    expect(within(unpaid).queryByRole('button', { name: /关\s*闭/ })).toBeInTheDocument();
    expect(within(unpaid).queryByRole('button', { name: /发\s*货/ })).toBeNull();
    expect(within(paid).getByText('¥47.98').closest('td')).toHaveStyle({ textAlign: 'right' });
  });
});
