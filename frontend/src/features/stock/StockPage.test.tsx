import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import StockPage from './StockPage';

let bff: FakeBff;

const row = (id: number, delta: number, reason: string, orderNo = '') => ({
  id,
  skuId: 7,
  skuCode: 'SKU-RED-M',
  delta,
  balance: 10 + delta,
  reason,
  orderNo,
  operator: 'admin',
  note: reason === 'manual_in' ? '到货' : '',
  createTime: '2026-11-28 10:00:00',
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/mall/stock']}>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <StockPage />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/stock/ledger', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: [row(2, -2, 'order_reserve', 'NO1'), row(1, 5, 'manual_in')], totalElements: 2 } };
  });
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [], user: null });
});

describe('库存流水', { timeout: 60_000 }, () => {
  it('lists the ledger with reasons in words, signed changes and order links, and filters by code, reason and operator', async () => {
    useSession.setState({ roles: ['stock:list', 'order:list'] });
    renderPage();
    const reserved = (await screen.findByText('下单锁定')).closest('tr')!;
    expect(within(reserved).getByText('-2')).toBeInTheDocument();
    expect(within(reserved).getByRole('link', { name: 'NO1' })).toHaveAttribute('href', '/mall/order?orderNo=NO1');
    const arrived = screen.getByText('手工入库').closest('tr')!;
    expect(within(arrived).getByText('+5')).toBeInTheDocument();
    expect(within(arrived).getByText('到货')).toBeInTheDocument();
    expect(bff.queries[0]).toMatchObject({ page: 0, size: 10 });
    // without stock:adjust there is nothing to adjust with; without stock:export no export
    expect(screen.queryByRole('button', { name: /入\s*库/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();

    // the search form arrives as its own chunk; 展开 shows the folded fields
    fireEvent.change(await screen.findByRole('textbox', { name: '规格编码' }), { target: { value: ' SKU-RED-M ' } });
    fireEvent.click(screen.getByText('展开'));
    fireEvent.change(screen.getByRole('textbox', { name: '操作人' }), { target: { value: 'adm' } });
    const reason = screen.getByRole('combobox', { name: '变动原因' });
    fireEvent.mouseDown(reason.closest('.ant-select')!.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('盘点', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ skuCode: 'SKU-RED-M', operator: 'adm', reason: 'stocktake', page: 0 }));
  });

  it('offers 入库, 出库 and 盘点 with stock:adjust, and export with stock:export', async () => {
    useSession.setState({ roles: ['stock:list', 'stock:adjust', 'stock:export'] });
    renderPage();
    await screen.findByText('下单锁定');
    for (const name of [/入\s*库/, /出\s*库/, /盘\s*点/]) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByText('NO1').closest('a')).toBeNull(); // no order:list, no link
    fireEvent.click(screen.getByRole('button', { name: /出\s*库/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('出库')).toBeInTheDocument();
    expect(await within(dialog).findByRole('spinbutton', { name: '出库数量' })).toBeInTheDocument();
  });
});
