import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import type { AdjustType } from '../api';
import AdjustDialog from './AdjustDialog';

let bff: FakeBff;

const SKUS = [
  { id: 7, code: 'SKU-RED-M', goodsId: 3, goodsName: '纯棉T恤', specText: '红 / M', stock: 4 },
  { id: 8, code: 'SKU-BLUE-L', goodsId: 3, goodsName: '纯棉T恤', specText: '蓝 / L', stock: 0 },
];

function renderDialog(type: AdjustType, onDone = vi.fn()) {
  render(
    <MemoryRouter>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <AdjustDialog type={type} onClose={vi.fn()} onDone={onDone} />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
  return onDone;
}

/** Picks a SKU by typing part of its code and choosing it. */
async function pick(dialog: HTMLElement, text: string, code: string) {
  const picker = within(dialog).getByRole('combobox', { name: '商品规格' });
  fireEvent.mouseDown(picker.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  fireEvent.change(picker, { target: { value: text } });
  fireEvent.click(await screen.findByText(code, { selector: '.ant-select-item-option-content span' }));
}

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/stock/skus', (config) => {
    const { blurry } = config.params as { blurry: string };
    bff.queries.push({ blurry });
    return { status: 200, body: SKUS.filter((s) => s.code.includes(blurry) || s.goodsName.includes(blurry)) };
  });
  bff.on('POST /api/stock/adjust', () => {
    return { status: 200, body: { id: 1, skuId: 7, skuCode: 'SKU-RED-M', delta: 3, balance: 7, reason: 'manual_in', orderNo: '', operator: 'admin', note: '到货', createTime: '' } };
  });
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

describe('AdjustDialog', { timeout: 60_000 }, () => {
  it('books an arrival: a SKU found by code, the quantity and the required reason', async () => {
    const onDone = renderDialog('in');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('入库')).toBeInTheDocument();
    const quantity = await within(dialog).findByRole('spinbutton', { name: '入库数量' });
    // nothing filled: every field says so and nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(within(dialog).getAllByText(/不能为空/).length).toBeGreaterThanOrEqual(3));
    await pick(dialog, 'RED', 'SKU-RED-M');
    expect(await within(dialog).findByText('当前库存：4')).toBeInTheDocument();
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '原因' }), { target: { value: ' 到货 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = bff.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.data))).toEqual({ skuId: 7, type: 'in', quantity: 3, reason: '到货' });
    expect(bff.queries.map((q) => q.blurry)).toContain('RED');
  });

  it('refuses to take out more than the picked SKU holds, and shows the BFF’s refusal under 数量', async () => {
    const onDone = renderDialog('out');
    const dialog = await screen.findByRole('dialog');
    const quantity = await within(dialog).findByRole('spinbutton', { name: '出库数量' });
    await pick(dialog, 'T恤', 'SKU-RED-M');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '原因' }), { target: { value: '破损' } });
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('出库数量不能超过当前库存 4')).toBeInTheDocument();
    expect(bff.calls.some((c) => c.method === 'POST')).toBe(false);
    // the stock changed since the picker read it: the BFF's 409 lands under the field, the dialog stays open
    fireEvent.change(quantity, { target: { value: '4' } });
    bff.routes.set('POST /api/stock/adjust', () => ({
      status: 409,
      body: { status: 409, code: 'conflict', message: 'quantity: 库存不足，可用1', errors: [{ field: 'quantity', code: 'conflict', message: '库存不足，可用1' }], timestamp: 1 },
    }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('库存不足，可用1')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('takes a stocktake’s counted figure, zero included', async () => {
    const onDone = renderDialog('stocktake');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('填写实际清点的数量，系统记录与当前库存的差额')).toBeInTheDocument();
    const quantity = await within(dialog).findByRole('spinbutton', { name: '盘点数量' });
    await pick(dialog, 'BLUE', 'SKU-BLUE-L');
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '原因' }), { target: { value: '月末盘点' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(String(bff.calls.find((c) => c.method === 'POST')?.data))).toEqual({ skuId: 8, type: 'stocktake', quantity: 0, reason: '月末盘点' });
  });
});
