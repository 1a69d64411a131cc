import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { useSession } from '@/features/auth';
import { client } from '@/shared/api';
import { lookPath, useOnChange } from '@/shared/lib/look';
import { clearDicts } from '@/shared/ui/dict';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import LookPage from './LookPage';

let bff: FakeBff;

const order = (status: string) => ({
  id: 5,
  orderNo: 'NO5',
  customerName: '王小二',
  phone: '13812345678',
  address: '上海',
  agencyId: null,
  agencyName: '',
  amount: '12.10',
  freight: '0.00',
  status,
  payTime: '',
  shipTime: '',
  expressCompany: '',
  trackingNo: '',
  remark: '',
  createTime: '2026-11-21 09:00:00',
  items: [{ goodsId: 1, goodsName: '保温杯', skuCode: 'CUP-RED', specText: '', unitPrice: '12.10', quantity: 1 }],
  stockMoves: [{ skuCode: 'CUP-RED', delta: -1, balance: 8, reason: 'order_reserve', createTime: '2026-11-21 09:00:00', operator: 'open:c1' }],
  history: [{ from: '', to: 'unpaid', operator: 'system', note: '下单', time: '2026-11-21 09:00:00' }],
});

const goods = (status: string) => ({
  id: 7,
  name: 'T恤',
  code: 'TEE',
  category: 'home',
  price: '29.00',
  maxPrice: '29.00',
  cost: '5.00',
  stock: 3,
  lowSkus: 0,
  status,
  agencyId: null,
  agencyName: '',
  mainPicture: '',
  gallery: [],
  description: '',
  groundingTime: '',
  createTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
  specs: [],
  skus: [{ id: 1, code: 'TEE', barcode: '', specs: [], price: '29.00', cost: '5.00', stock: 3, lowStock: 0, onSale: true }],
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [{ value: 'SF', label: '顺丰速运' }], totalElements: 1 } }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  clearDicts();
  useSession.setState({ roles: [] });
});

function ListStandIn({ kind, onChange }: { kind: 'order' | 'goods'; onChange: () => void }) {
  useOnChange(kind, onChange);
  return null;
}

function renderAt(path: string, listReloads?: { kind: 'order' | 'goods'; n: number }) {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <LookPage />
          {listReloads && <ListStandIn kind={listReloads.kind} onChange={() => listReloads.n++} />}
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

const basics = () => screen.getByLabelText('基本信息').closest('.ant-card') as HTMLElement;
const buttonNames = (card: HTMLElement) =>
  within(card.querySelector('.ant-card-extra') as HTMLElement)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('详情 (/look) moves', () => {
  it('offers an order the moves its status and the roles allow, as the list does', async () => {
    useSession.setState({ roles: ['order:detail', 'order:ship', 'order:close'] });
    bff.on('GET /api/orders/5', () => ({ status: 200, body: order('paid') }));
    renderAt(lookPath('order', 5));
    expect(await screen.findByRole('button', { name: /发\s*货/ })).toBeInTheDocument();
    // paid: 发货 and 退款 by the machine, but 退款 is not held
    expect(buttonNames(basics())).toEqual(['发货']);
  });

  it('offers no move to an order in an end status or to a user without the move permissions; 修改备注 in any status', async () => {
    useSession.setState({ roles: ['admin'] });
    bff.on('GET /api/orders/5', () => ({ status: 200, body: order('closed') }));
    renderAt(lookPath('order', 5));
    await screen.findByText('库存流水');
    expect(buttonNames(basics())).toEqual(['修改备注']);
  });

  it('edits the remark in a dialog holding it, then shows the new remark and its history line, and has the list reload', async () => {
    useSession.setState({ roles: ['order:detail', 'order:edit'] });
    let remark = '周末送货';
    const bodies: unknown[] = [];
    bff.on('GET /api/orders/5', () => {
      const o = { ...order('paid'), remark };
      if (remark !== '周末送货') o.history = [...o.history, { from: 'paid', to: 'paid', operator: 'staff', note: `修改备注：周末送货 → ${remark}`, time: '2026-11-21 10:00:00' }];
      return { status: 200, body: o };
    });
    bff.on('PUT /api/orders/5/remark', (req) => {
      bodies.push(JSON.parse(String(req.data)));
      remark = '工作日送货';
      return { status: 204, body: null };
    });
    const list = { kind: 'order' as const, n: 0 };
    renderAt(lookPath('order', 5), list);
    await userEvent.click(await screen.findByRole('button', { name: '修改备注' }));
    const box = await screen.findByRole('textbox', { name: '备注' });
    expect(box).toHaveValue('周末送货');
    await userEvent.clear(box);
    await userEvent.type(box, '工作日送货');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(basics()).getByText('工作日送货')).toBeInTheDocument());
    expect(bodies).toEqual([{ remark: '工作日送货' }]);
    expect(screen.getByText('修改备注：周末送货 → 工作日送货')).toBeInTheDocument();
    expect(list.n).toBe(1);
  });

  it('hides the moves from a user holding only order:detail', async () => {
    useSession.setState({ roles: ['order:detail'] });
    bff.on('GET /api/orders/5', () => ({ status: 200, body: order('unpaid') }));
    renderAt(lookPath('order', 5));
    await screen.findByText('库存流水');
    expect(buttonNames(basics())).toEqual([]);
  });

  it('closes an unpaid order after the confirm, then shows the new status and stock, and has the list reload', async () => {
    useSession.setState({ roles: ['admin'] });
    let closed = false;
    const puts: string[] = [];
    bff.on('GET /api/orders/5', () => {
      const o = order(closed ? 'closed' : 'unpaid');
      if (closed) {
        o.history.push({ from: 'unpaid', to: 'closed', operator: 'admin', note: '', time: '2026-11-21 10:00:00' });
        o.stockMoves.push({ skuCode: 'CUP-RED', delta: 1, balance: 9, reason: 'order_release', createTime: '2026-11-21 10:00:00', operator: 'admin' });
      }
      return { status: 200, body: o };
    });
    bff.on('PUT /api/orders/5/close', () => {
      puts.push('close');
      closed = true;
      return { status: 200, body: null };
    });
    const list = { kind: 'order' as const, n: 0 };
    renderAt(lookPath('order', 5), list);
    await userEvent.click(await screen.findByRole('button', { name: /关\s*闭/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定关闭订单 NO5 吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(basics()).getAllByText('已关闭').length).toBeGreaterThan(0));
    expect(puts).toEqual(['close']);
    expect(buttonNames(basics())).toEqual(['修改备注']);
    const moves = screen.getByText('库存流水').closest('.ant-card') as HTMLElement;
    expect(within(moves).getByText('取消释放')).toBeInTheDocument();
    expect(list.n).toBe(1);
  });

  it('offers goods 编辑 and 下架 or 上架 by their status to goods:edit, none without it', async () => {
    useSession.setState({ roles: ['goods:list'] });
    bff.on('GET /api/goods/7', () => ({ status: 200, body: goods('on_sale') }));
    renderAt(lookPath('goods', 7));
    await screen.findByRole('table', { name: 'SKU' });
    expect(buttonNames(basics())).toEqual([]);
  });

  it('takes goods off sale after the confirm, then shows the new status and has the list reload', async () => {
    useSession.setState({ roles: ['goods:list', 'goods:edit'] });
    let status = 'on_sale';
    const bodies: unknown[] = [];
    bff.on('GET /api/goods/7', () => ({ status: 200, body: goods(status) }));
    bff.on('PUT /api/goods/status', (req) => {
      bodies.push(JSON.parse(String(req.data)));
      status = 'off_sale';
      return { status: 200, body: null };
    });
    const list = { kind: 'goods' as const, n: 0 };
    renderAt(lookPath('goods', 7), list);
    await screen.findByRole('button', { name: /下\s*架/ });
    expect(buttonNames(basics())).toEqual(['编辑', '下架']);
    await userEvent.click(screen.getByRole('button', { name: /下\s*架/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定下架商品「T恤」吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByRole('button', { name: /上\s*架/ });
    expect(within(screen.getByLabelText('基本信息')).getByText('状态').closest('tr')).toHaveTextContent('已下架');
    expect(bodies).toEqual([{ ids: [7], status: 'off_sale' }]);
    expect(list.n).toBe(1);
  });

  it('opens the list’s goods dialog on 编辑, filled with the goods', async () => {
    useSession.setState({ roles: ['goods:list', 'goods:edit'] });
    bff.on('GET /api/goods/7', () => ({ status: 200, body: goods('draft') }));
    renderAt(lookPath('goods', 7));
    expect(await screen.findByRole('button', { name: /上\s*架/ })).toBeInTheDocument(); // a draft is offered 上架
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(within(dialog).getByDisplayValue('TEE')).toBeInTheDocument(), { timeout: 5000 });
  });
});
