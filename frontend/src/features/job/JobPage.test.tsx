import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import JobPage from './JobPage';

let bff: FakeBff;

const jobs = () => [
  {
    name: 'order.closeUnpaid',
    title: '关闭超时未付订单',
    schedule: '@every 1m',
    paused: false,
    lastRun: { start: '2026-11-28 10:00:00', durationMs: 35, rows: 4, result: 'ok', error: '' },
    nextRun: '2026-11-28 10:01:00',
  },
  {
    name: 'contract.expire',
    title: '合同到期',
    schedule: '0 1 * * *',
    paused: true,
    lastRun: { start: '2026-11-28 01:00:00', durationMs: 12, rows: 0, result: 'failed', error: 'db down' },
    nextRun: '2026-11-29 01:00:00',
  },
  { name: 'stock.lowAlert', title: '低库存提醒', schedule: '0 1-5 * * *', paused: false, lastRun: null, nextRun: '2026-11-29 01:00:00' },
];

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/jobs', () => ({ status: 200, body: jobs() }));
  bff.on('POST /api/jobs/order.closeUnpaid/run', () => ({
    status: 200,
    body: { id: 9, start: '2026-11-28 10:00:30', end: '2026-11-28 10:00:30', durationMs: 20, rows: 7, result: 'ok', error: '', trigger: 'manual', operator: 'admin' },
  }));
  bff.on('PUT /api/jobs/order.closeUnpaid/pause', () => ({ status: 204, body: '' }));
  bff.on('PUT /api/jobs/contract.expire/resume', () => ({ status: 204, body: '' }));
  bff.on('GET /api/jobs/order.closeUnpaid/runs', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return {
      status: 200,
      body: {
        content: [{ id: 9, start: '2026-11-28 10:00:30', end: '2026-11-28 10:00:31', durationMs: 20, rows: 7, result: 'ok', error: '', trigger: 'manual', operator: 'admin' }],
        totalElements: 1,
      },
    };
  });
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

function renderPage() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter>
          <JobPage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

const called = (method: string, path: string) => bff.calls.filter((c) => c.method === method && c.path === path);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('定时任务', { timeout: 60_000 }, () => {
  it('lists the jobs with schedule in words, status, last and next run; only 执行记录 without job:run and job:edit', async () => {
    useSession.setState({ roles: ['job:list'] });
    renderPage();
    expect(await screen.findByText('关闭超时未付订单')).toBeInTheDocument();
    const r1 = rowOf('关闭超时未付订单');
    expect(within(r1).getByText('order.closeUnpaid')).toBeInTheDocument();
    expect(within(r1).getByText('每 1 分钟')).toBeInTheDocument();
    expect(within(r1).getByText('运行中')).toBeInTheDocument();
    expect(within(r1).getByText('成功')).toBeInTheDocument();
    expect(within(r1).getByText('4 行')).toBeInTheDocument();
    expect(within(r1).getByText('35 毫秒')).toBeInTheDocument();
    expect(within(r1).getByText('2026-11-28 10:01:00')).toBeInTheDocument();
    const r2 = rowOf('合同到期');
    expect(within(r2).getByText('每天 01:00')).toBeInTheDocument();
    expect(within(r2).getByText('已暂停')).toBeInTheDocument();
    expect(within(r2).getByText('失败')).toBeInTheDocument();
    const r3 = rowOf('低库存提醒');
    expect(within(r3).getByText('0 1-5 * * *')).toBeInTheDocument();
    expect(within(r3).getByText('从未执行')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即执行' })).toBeNull();
    expect(screen.queryByRole('button', { name: '暂停' })).toBeNull();
    expect(within(r1).getByRole('button', { name: '执行记录' })).toBeInTheDocument();
  });

  it('立即执行 after a confirm says the rows; 暂停 and 恢复 by row; 执行记录 pages the runs', async () => {
    useSession.setState({ roles: ['job:list', 'job:run', 'job:edit'] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('关闭超时未付订单');
    await user.click(within(rowOf('关闭超时未付订单')).getByRole('button', { name: '立即执行' }));
    expect(await screen.findByText('确定立即执行“关闭超时未付订单”吗？')).toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1) as HTMLElement);
    expect(await screen.findByText('执行完成，处理 7 行')).toBeInTheDocument();
    expect(called('POST', '/api/jobs/order.closeUnpaid/run')).toHaveLength(1);
    await waitFor(() => expect(called('GET', '/api/jobs').length).toBeGreaterThan(1));

    expect(within(rowOf('关闭超时未付订单')).queryByRole('button', { name: '恢复' })).toBeNull();
    await user.click(within(rowOf('关闭超时未付订单')).getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(called('PUT', '/api/jobs/order.closeUnpaid/pause')).toHaveLength(1));
    await user.click(within(rowOf('合同到期')).getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(called('PUT', '/api/jobs/contract.expire/resume')).toHaveLength(1));

    await user.click(within(rowOf('关闭超时未付订单')).getByRole('button', { name: '执行记录' }));
    expect(await screen.findByText('执行记录：关闭超时未付订单')).toBeInTheDocument();
    expect(await screen.findByText('2026-11-28 10:00:31')).toBeInTheDocument();
    expect(screen.getByText('手动')).toBeInTheDocument();
    expect(bff.queries[0]).toEqual({ page: 0, size: 10 });
  });
});
