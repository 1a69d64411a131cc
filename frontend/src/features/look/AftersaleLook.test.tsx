import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { lookPath, useOnChange, useRecordTitles } from '@/shared/lib/look';
import { clearDicts } from '@/shared/ui/dict';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import LookPage from './LookPage';

let bff: FakeBff;

const aCase = (status: string) => ({
  id: 4,
  caseNo: 'AS20261128100000000004',
  orderId: 5,
  orderNo: 'NO5',
  agencyId: null,
  type: 'refund',
  status,
  reason: 'quality',
  description: '杯口有裂纹',
  amount: '12.10',
  freight: '0.00',
  customerName: '王小二',
  phone: '13812345678',
  returnAddress: '',
  returnCompany: '',
  returnTrackingNo: '',
  damaged: false,
  provider: '',
  voucherNo: '',
  voucherFileId: null,
  refundNo: '',
  refundState: '',
  instanceId: null,
  source: 'open',
  createBy: 'open:c1',
  createTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
  refundTime: null,
  items: [{ id: 1, orderItemId: 11, skuCode: 'CUP-RED', goodsName: '保温杯', specText: '颜色: 红', unitPrice: '12.10', quantity: 1, refunded: '0.00' }],
  photos: [],
  history: [{ fromStatus: '', toStatus: 'applied', operator: 'open:c1', note: '', createTime: '2026-11-28 10:00:00' }],
  orderAmount: '40.30',
  orderRefunded: '0.00',
});

const order = {
  id: 5,
  orderNo: 'NO5',
  customerName: '王小二',
  phone: '13812345678',
  address: '上海市浦东新区世纪大道 1 号',
  agencyId: null,
  agencyName: '',
  amount: '40.30',
  freight: '6.00',
  refunded: '12.10',
  status: 'shipped',
  payTime: '2026-11-21 09:05:00',
  shipTime: '2026-11-21 15:00:00',
  expressCompany: 'SF',
  trackingNo: 'SF123',
  remark: '',
  createTime: '2026-11-21 09:00:00',
  items: [{ goodsId: 1, goodsName: '保温杯', skuCode: 'CUP-RED', specText: '颜色: 红', unitPrice: '12.10', quantity: 2 }],
  stockMoves: [],
  history: [],
};

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [{ value: 'quality', label: '质量问题' }], totalElements: 1 } }));
  bff.on('GET /api/orders/5', () => ({ status: 200, body: order }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  clearDicts();
  useSession.setState({ roles: [] });
});

function Listener({ onChange }: { onChange: (kind: string) => void }) {
  useOnChange('aftersale', () => onChange('aftersale'));
  useOnChange('order', () => onChange('order'));
  return null;
}

function renderAt(path: string, changed: string[] = []) {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <LookPage />
          <Listener onChange={(k) => changed.push(k)} />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

describe('详情 of an after-sales case (/look?type=aftersale)', { timeout: 60_000 }, () => {
  it('shows the case titled by its number, and approves a refund-only case after the confirm', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:audit'] });
    let approved = false;
    bff.on('GET /api/aftersales/4', () => ({ status: 200, body: aCase(approved ? 'refunding' : 'applied') }));
    bff.on('POST /api/aftersales/4/approve', () => {
      approved = true;
      return { status: 200, body: aCase('refunding') };
    });
    const changed: string[] = [];
    renderAt(lookPath('aftersale', 4), changed);
    expect(await screen.findByText('杯口有裂纹')).toBeInTheDocument();
    expect(screen.getByText('质量问题')).toBeInTheDocument();
    expect(useRecordTitles.getState().titles['/look?type=aftersale&id=4']).toBe('AS20261128100000000004');
    await userEvent.click(screen.getByRole('button', { name: /同\s*意/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('同意后进入退款中，确定同意售后单 AS20261128100000000004 吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getAllByText('退款中').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /同\s*意/ })).toBeNull();
    expect(changed).toEqual(['aftersale', 'order']);
  });

  it('lists an order’s cases and its refunded total on the order’s detail, for holders of aftersale:list', async () => {
    useSession.setState({ roles: ['order:detail', 'aftersale:list'] });
    bff.on('GET /api/aftersales', () => ({ status: 200, body: { content: [aCase('refunded')], totalElements: 1 } }));
    renderAt(lookPath('order', 5));
    const cases = await screen.findByRole('table', { name: '售后记录' });
    expect(within(cases).getByRole('link', { name: 'AS20261128100000000004' })).toHaveAttribute('href', '/look?type=aftersale&id=4');
    expect(within(cases).getByText('仅退款')).toBeInTheDocument();
    expect(within(cases).getByText('已退款')).toBeInTheDocument();
    expect(screen.getByLabelText('已退款')).toHaveTextContent('¥12.10');
    expect(bff.calls.find((c) => c.path === '/api/aftersales')).toBeDefined();
  });

  it('does not ask for the cases without aftersale:list', async () => {
    useSession.setState({ roles: ['order:detail'] });
    renderAt(lookPath('order', 5));
    await screen.findByText('上海市浦东新区世纪大道 1 号');
    expect(screen.queryByText('售后记录')).toBeNull();
    expect(bff.calls.some((c) => c.path === '/api/aftersales')).toBe(false);
  });

  it('opens a case named by its number (a 退款审批’s link), and says so for an unknown number', async () => {
    useSession.setState({ roles: ['aftersale:list'] });
    bff.on('GET /api/aftersales', (config) => {
      const { caseNo } = config.params as { caseNo: string };
      return { status: 200, body: { content: caseNo === 'AS20261128100000000004' ? [aCase('refunding')] : [], totalElements: 0 } };
    });
    bff.on('GET /api/aftersales/4', () => ({ status: 200, body: aCase('refunding') }));
    renderAt('/look?type=aftersale&no=AS20261128100000000004');
    expect(await screen.findByText('杯口有裂纹')).toBeInTheDocument();
    cleanup();
    renderAt('/look?type=aftersale&no=AS404');
    expect(await screen.findByText('记录不存在')).toBeInTheDocument();
  });
});
