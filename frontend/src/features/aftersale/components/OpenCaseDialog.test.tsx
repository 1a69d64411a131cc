import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { clearDicts } from '@/shared/ui/dict';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import OpenCaseDialog from './OpenCaseDialog';
import { caseDetail, caseRow } from '../testkit';

let bff: FakeBff;
let opened: number[];

const order = (status: string) => ({
  id: 9,
  orderNo: 'NO9',
  status,
  customerName: '王五',
  phone: '138****5678',
  amount: '90.98',
  freight: '8.00',
  refunded: '59.00',
  items: [
    { id: 21, goodsId: 1, goodsName: '马克杯', skuCode: 'CUP-RED', specText: '红色', unitPrice: '23.99', quantity: 2, refunded: '0.00', refundedQty: 0 },
    { id: 22, goodsId: 2, goodsName: 'T恤', skuCode: 'TEE-M', specText: 'M', unitPrice: '59.00', quantity: 1, refunded: '59.00', refundedQty: 1 },
  ],
});

function renderDialog() {
  render(
    <MemoryRouter>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <OpenCaseDialog open onClose={() => undefined} onOpened={(id) => opened.push(id)} />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  bff = fakeBff();
  opened = [];
  bff.on('GET /api/orders', (config) => {
    const { orderNo } = config.params as { orderNo: string };
    return { status: 200, body: { content: orderNo === 'NO9' ? [{ id: 9, orderNo: 'NO9' }] : [], totalElements: orderNo === 'NO9' ? 1 : 0 } };
  });
  bff.on('GET /api/dictDetail', () => ({
    status: 200,
    body: { content: [{ value: 'quality', label: '质量问题' }, { value: 'damaged', label: '商品破损' }], totalElements: 2 },
  }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  clearDicts();
});

async function findOrder(no: string) {
  const dialog = await screen.findByRole('dialog');
  const input = await within(dialog).findByLabelText('订单号');
  await userEvent.type(input, no);
  await userEvent.click(within(dialog).getByRole('button', { name: /查询订单/ }));
  return dialog;
}

describe('代客申请', { timeout: 60_000 }, () => {
  it('finds the order by its number, fills the amount from the items picked, and opens the case', async () => {
    bff.on('GET /api/orders/9', () => ({ status: 200, body: order('shipped') }));
    const bodies: unknown[] = [];
    bff.on('POST /api/aftersales', (config) => {
      bodies.push(JSON.parse(String(config.data)));
      return { status: 201, body: caseDetail(caseRow(12, 'applied')) };
    });
    renderDialog();
    const dialog = await findOrder('NO9');
    const items = await within(dialog).findByRole('table', { name: '选择售后商品' });
    expect(within(dialog).getByText(/已退款 ¥59\.00/)).toBeInTheDocument();
    // the T恤 was refunded in full: nothing left to ask for
    expect(within(items).getByRole('checkbox', { name: 'T恤' })).toBeDisabled();

    // nothing picked: refused before sending
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请至少选择一件商品')).toBeInTheDocument();

    await userEvent.click(within(items).getByRole('checkbox', { name: '马克杯' }));
    await waitFor(() => expect(within(dialog).getByLabelText('退款金额')).toHaveValue('47.98'));
    const qty = within(items).getByRole('spinbutton', { name: '马克杯 数量' });
    expect(qty).toHaveValue('2');
    fireEvent.change(qty, { target: { value: '1' } });
    await waitFor(() => expect(within(dialog).getByLabelText('退款金额')).toHaveValue('23.99'));

    // more than the items are worth is refused; the freight asked back raises the cap
    const amount = within(dialog).getByLabelText('退款金额');
    await userEvent.clear(amount);
    await userEvent.type(amount, '30');
    expect(await within(dialog).findByText('不能超过 ¥23.99')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');

    await userEvent.click(within(dialog).getByRole('radio', { name: '退货退款' }));
    const reason = within(dialog).getByRole('combobox', { name: '售后原因' });
    fireEvent.mouseDown(reason.closest('.ant-select')!.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('质量问题', { selector: '.ant-select-item-option-content' }));
    await userEvent.type(within(dialog).getByLabelText('问题描述'), '杯口有裂纹');

    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          orderNo: 'NO9',
          type: 'return',
          reason: 'quality',
          description: '杯口有裂纹',
          photos: [],
          items: [{ orderItemId: 21, quantity: 1 }],
          amount: '20.00',
          freight: '0.00',
        },
      ]),
    );
    await waitFor(() => expect(opened).toEqual([12]));
    expect(await screen.findByText('售后单已创建：AS12')).toBeInTheDocument();
  });

  it('says when the number names no order, or an order that cannot have a case, and sends nothing', async () => {
    bff.on('GET /api/orders/9', () => ({ status: 200, body: order('unpaid') }));
    renderDialog();
    const dialog = await findOrder('NO404');
    expect(await within(dialog).findByText('未找到订单 NO404')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('订单号'));
    await userEvent.type(within(dialog).getByLabelText('订单号'), 'NO9');
    await userEvent.click(within(dialog).getByRole('button', { name: /查询订单/ }));
    expect(await within(dialog).findByText('订单状态为“待付款”，不能申请售后')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    expect(bff.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
