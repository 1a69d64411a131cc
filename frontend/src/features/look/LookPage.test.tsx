import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { lookPath, useRecordTitles } from '@/shared/lib/look';
import { clearDicts } from '@/shared/ui/dict';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import LookPage from './LookPage';
import { lookTarget } from './target';

let bff: FakeBff;

const order = {
  id: 5,
  orderNo: '20261121090000123456',
  customerName: '王小二',
  phone: '13812345678',
  address: '上海市浦东新区世纪大道 1 号',
  agencyId: 1,
  agencyName: '杭州云栖商贸有限公司',
  amount: '40.30',
  freight: '6.00',
  status: 'shipped',
  payTime: '2026-11-21 09:05:00',
  shipTime: '2026-11-21 15:00:00',
  expressCompany: 'SF',
  trackingNo: 'SF123',
  remark: '',
  createTime: '2026-11-21 09:00:00',
  items: [
    { goodsId: 1, goodsName: '保温杯', skuCode: 'CUP-RED', specText: '颜色: 红', unitPrice: '12.10', quantity: 2 },
    { goodsId: 2, goodsName: '茶叶', skuCode: '', specText: '', unitPrice: '10.10', quantity: 1 },
  ],
  stockMoves: [{ skuCode: 'CUP-RED', delta: -2, balance: 8, reason: 'order_reserve', createTime: '2026-11-21 09:00:00', operator: 'open:c1' }],
  history: [
    { from: '', to: 'unpaid', operator: 'system', note: '下单', time: '2026-11-21 09:00:00' },
    { from: 'unpaid', to: 'paid', operator: 'system', note: '', time: '2026-11-21 09:05:00' },
    { from: 'paid', to: 'shipped', operator: 'admin', note: '', time: '2026-11-21 15:00:00' },
  ],
};

const sku = (id: number, specs: string[], price: string, stock: number, lowStock: number) => ({ id, code: `TEE-${id}`, barcode: '', specs, price, cost: '5.00', stock, lowStock, onSale: true });
const goods = {
  id: 7,
  name: 'T恤',
  code: 'TEE',
  category: 'home',
  price: '29.00',
  maxPrice: '39.00',
  cost: '5.00',
  stock: 23,
  lowSkus: 1,
  status: 'on_sale',
  agencyId: null,
  agencyName: '',
  mainPicture: '',
  gallery: [],
  description: '',
  groundingTime: '',
  createTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
  specs: [
    { name: '颜色', values: ['红', '蓝'] },
    { name: '尺码', values: ['S'] },
  ],
  skus: [sku(1, ['红', 'S'], '29.00', 20, 10), sku(2, ['蓝', 'S'], '39.00', 3, 5)],
};

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/orders/5', () => ({ status: 200, body: order }));
  bff.on('GET /api/goods/7', () => ({ status: 200, body: goods }));
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [{ value: 'SF', label: '顺丰速运' }], totalElements: 1 } }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  clearDicts();
});

function renderAt(path: string) {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <LookPage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

describe('详情 (/look)', () => {
  it('reads the type and id of the address, and nothing else', () => {
    expect(lookPath('order', 5)).toBe('/look?type=order&id=5');
    expect(lookTarget('?type=order&id=5')).toEqual({ type: 'order', id: 5 });
    expect(lookTarget('?type=aftersale&no=AS1')).toEqual({ type: 'aftersale', id: 0, no: 'AS1' });
    expect(lookTarget('?type=aftersale&id=4')).toEqual({ type: 'aftersale', id: 4 });
    for (const bad of ['', '?type=user&id=5', '?type=order&no=AS1', '?type=aftersale&no=A%20S', '?type=goods', '?type=goods&id=0', '?type=goods&id=1e3', '?type=goods&id=-2'])
      expect(lookTarget(bad), bad).toBeNull();
  });

  it('shows an order: items with subtotals, amounts, shipping, the timeline; the tab is titled by its number', async () => {
    renderAt(lookPath('order', 5));
    expect(await screen.findByText('上海市浦东新区世纪大道 1 号')).toBeInTheDocument();
    expect(screen.getByText('13812345678')).toBeInTheDocument();
    expect(screen.getByText('杭州云栖商贸有限公司')).toBeInTheDocument(); // the agency by name, not #1
    const items = screen.getByText('商品明细').closest('.ant-card') as HTMLElement;
    expect(within(items).getByText('¥24.20')).toBeInTheDocument(); // 12.10 × 2
    expect(within(items).getByText('¥34.30')).toBeInTheDocument(); // goods total
    expect(within(items).getByText('¥6.00')).toBeInTheDocument();
    expect(within(items).getByLabelText('订单金额')).toHaveTextContent('¥40.30');
    expect(await screen.findByText('顺丰速运')).toBeInTheDocument();
    const timeline = screen.getByText('状态记录').closest('.ant-card') as HTMLElement;
    const steps = within(timeline).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('创建订单（待付款）');
    expect(steps[2]).toContain('待发货 → 已发货');
    expect(steps[2]).toContain('操作人：admin');
    expect(useRecordTitles.getState().titles['/look?type=order&id=5']).toBe(order.orderNo);
    // the lines' SKUs, and the stock they took (its own chunk, a moment later)
    expect(within(items).getByText('颜色: 红')).toBeInTheDocument();
    const moves = (await screen.findByText('库存流水')).closest('.ant-card') as HTMLElement;
    const reserve = within(moves).getByText('下单锁定').closest('tr')!;
    expect(reserve).toHaveTextContent('CUP-RED');
    expect(reserve).toHaveTextContent('-2');
    expect(reserve).toHaveTextContent('open:c1');
  });

  it('shows goods with their price range and SKUs, one column per spec, low stock marked', async () => {
    renderAt(lookPath('goods', 7));
    const skus = await screen.findByRole('table', { name: 'SKU' });
    expect(within(screen.getByLabelText('基本信息')).getByText('售价').closest('tr')).toHaveTextContent('¥29.00 – ¥39.00');
    expect(within(skus).getByRole('columnheader', { name: '颜色' })).toBeInTheDocument();
    expect(within(skus).getByRole('columnheader', { name: '尺码' })).toBeInTheDocument();
    const blue = within(skus).getByText('TEE-2').closest('tr') as HTMLElement;
    expect(within(blue).getByText('蓝')).toBeInTheDocument();
    expect(within(blue).getByText('库存预警')).toBeInTheDocument();
    expect(within(within(skus).getByText('TEE-1').closest('tr') as HTMLElement).queryByText('库存预警')).toBeNull();
  });

  it('says so for an unknown type and for a record that is not there', async () => {
    renderAt('/look?type=coupon&id=1');
    expect(await screen.findByText('无法显示该详情')).toBeInTheDocument();
  });

  it('says so for a missing record', async () => {
    renderAt(lookPath('goods', 404));
    expect(await screen.findByText('记录不存在')).toBeInTheDocument();
  });
});
