import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import SettingsPage from './SettingsPage';

let bff: FakeBff;

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/mall/orderSetting']}>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <SettingsPage />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

const puts = () => bff.calls.filter((c) => c.method === 'PUT' && c.path === '/api/settings/order');

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/settings/order', () => ({
    status: 200,
    body: { unpaidCloseMinutes: 30, completeAfterDays: 15, afterSaleDays: 7, lowStockDefault: 10, shipmentFixHours: 24 },
  }));
  bff.on('PUT /api/settings/order', (config) => ({ status: 200, body: JSON.parse(String(config.data)) }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [], user: null });
});

async function field(label: string): Promise<HTMLInputElement> {
  return (await screen.findByLabelText(label)) as HTMLInputElement;
}

describe('订单设置', { timeout: 60_000 }, () => {
  it('shows the rules with their units and says changes apply from then on', async () => {
    useSession.setState({ roles: ['order:setting'] });
    renderPage();
    await waitFor(async () => expect((await field('未付款自动关闭')).value).toBe('30'));
    expect((await field('发货后自动确认收货')).value).toBe('15');
    expect((await field('售后期')).value).toBe('7');
    expect((await field('默认库存预警值')).value).toBe('10');
    expect((await field('发货后可修改物流')).value).toBe('24');
    expect(screen.getByText('小时')).toBeInTheDocument();
    expect(screen.getByText('分钟')).toBeInTheDocument();
    expect(screen.getAllByText('天')).toHaveLength(2);
    expect(screen.getByText('件')).toBeInTheDocument();
    expect(screen.getByText(/修改仅对此后的订单生效/)).toBeInTheDocument();
  });

  it('refuses values out of range and sends nothing', async () => {
    useSession.setState({ roles: ['order:setting'] });
    renderPage();
    await waitFor(async () => expect((await field('未付款自动关闭')).value).toBe('30'));
    for (const [label, value, text] of [
      ['未付款自动关闭', '4', '请输入 5–10080 之间的整数'],
      ['发货后自动确认收货', '366', '请输入 1–365 之间的整数'],
      ['默认库存预警值', '1000000', '请输入 0–999999 之间的整数'],
    ] as const) {
      fireEvent.change(await field(label), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(puts()).toHaveLength(0);
  });

  it('saves the five rules as numbers and says 保存成功', async () => {
    useSession.setState({ roles: ['order:setting'] });
    renderPage();
    await waitFor(async () => expect((await field('未付款自动关闭')).value).toBe('30'));
    fireEvent.change(await field('未付款自动关闭'), { target: { value: '45' } });
    fireEvent.change(await field('售后期'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0].data))).toEqual({ unpaidCloseMinutes: 45, completeAfterDays: 15, afterSaleDays: 0, lowStockDefault: 10, shipmentFixHours: 24 });
  });

  it('has no 保存 without order:setting', async () => {
    useSession.setState({ roles: ['order:list'] });
    renderPage();
    await waitFor(async () => expect((await field('未付款自动关闭')).value).toBe('30'));
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
