import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { TrackingTimeline } from './TrackingTimeline';

let bff: FakeBff;

const answer = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  expressCompany: 'SF',
  trackingNo: 'SF123',
  state: '5',
  stateLabel: '派送中',
  events: [
    { time: '2026-11-29 09:00:00', text: '【上海市】快递员正在派送' },
    { time: '2026-11-28 18:00:00', text: '【上海市】已到达 上海转运中心' },
  ],
  fetchedAt: '2026-11-29 09:30:00',
  ageSeconds: 600,
  ...over,
});

beforeEach(() => {
  bff = fakeBff();
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  cleanup();
  client.axios.defaults.adapter = undefined;
});

function renderTimeline() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <TrackingTimeline orderId={5} trackingNo="SF123" />
      </App>
    </Providers>,
  );
}

describe('物流跟踪', { timeout: 30_000 }, () => {
  it('shows the events newest first with their age, and 刷新 asks the provider', async () => {
    const refreshes: unknown[] = [];
    bff.on('GET /api/orders/5/tracking', (config) => {
      refreshes.push(config.params?.refresh);
      return { status: 200, body: config.params?.refresh ? answer({ ageSeconds: 0, fetchedAt: '2026-11-29 09:40:00' }) : answer() };
    });
    renderTimeline();
    expect(await screen.findByText('数据更新于 2026-11-29 09:30:00（10 分钟前）')).toBeInTheDocument();
    expect(screen.getByText('派送中')).toBeInTheDocument();
    const texts = screen.getAllByText(/【上海市】/).map((e) => e.textContent);
    expect(texts).toEqual(['【上海市】快递员正在派送', '【上海市】已到达 上海转运中心']);
    await userEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    expect(await screen.findByText('数据更新于 2026-11-29 09:40:00（刚刚）')).toBeInTheDocument();
    expect(refreshes).toEqual([undefined, 1]);
  });

  it('says 未启用物流跟踪 when the BFF has no provider', async () => {
    bff.on('GET /api/orders/5/tracking', () => ({ status: 200, body: { enabled: false, expressCompany: 'SF', trackingNo: 'SF123', state: '', stateLabel: '', events: [], fetchedAt: '', ageSeconds: 0 } }));
    renderTimeline();
    expect(await screen.findByText('未启用物流跟踪')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /刷\s*新/ })).toBeNull();
  });

  it('shows the cached events with the provider’s failure', async () => {
    bff.on('GET /api/orders/5/tracking', () => ({ status: 200, body: answer({ ageSeconds: 7200, error: '物流查询暂不可用，显示的是缓存的数据' }) }));
    renderTimeline();
    expect(await screen.findByText('物流查询暂不可用，显示的是缓存的数据')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('数据更新于 2026-11-29 09:30:00（2 小时前）')).toBeInTheDocument());
    expect(screen.getByText('【上海市】快递员正在派送')).toBeInTheDocument();
  });
});
