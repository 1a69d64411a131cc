import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import MessagesPage, { messageQuery } from './MessagesPage';
import { useNotify } from './store';
import type { StoredMessage } from './types';

const msg = (id: number, over: Partial<StoredMessage> = {}): StoredMessage => ({
  id,
  type: 'approval_task',
  title: `请假审批 ${id}`,
  body: `张三 请假 ${id} 天`,
  link: `/flowDetail?id=${id}`,
  read: false,
  createTime: '2026-11-28T10:00:00+08:00',
  readTime: null,
  ...over,
});

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/messages', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: [msg(11), msg(12, { read: true })], totalElements: 2 } };
  });
  bff.on('PUT /api/messages/read', () => ({ status: 200, body: '' }));
  bff.on('GET /api/messages/settings', () => ({
    status: 200,
    body: [
      { type: 'low_stock', label: '库存预警', enabled: true },
      { type: 'job_failed', label: '任务失败', enabled: false },
    ],
  }));
  bff.on('PUT /api/messages/settings', () => ({ status: 200, body: '' }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useNotify.getState().reset();
});

function renderPage() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={['/messages']}>
          <MessagesPage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

const bodies = (method: string, path: string) => bff.calls.filter((c) => c.method === method && c.path === path).map((c) => JSON.parse(String(c.data)));

describe('消息中心', () => {
  it('maps 未读 and the type to read=false and type=', async () => {
    expect(messageQuery(0, 10, 'all', undefined)).toEqual({ page: 0, size: 10 });
    expect(messageQuery(1, 20, 'unread', 'low_stock')).toEqual({ page: 1, size: 20, type: 'low_stock', read: false });
    renderPage();
    expect(await screen.findByText('请假审批 11')).toBeInTheDocument();
    expect(bff.queries[0]).toEqual({ page: 0, size: 10 });
    fireEvent.click(screen.getByRole('tab', { name: '未读' }));
    await waitFor(() => expect(bff.queries.at(-1)).toEqual({ page: 0, size: 10, read: false }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '消息类型' }));
    fireEvent.click(await screen.findByTitle('库存预警'));
    await waitFor(() => expect(bff.queries.at(-1)).toEqual({ page: 0, size: 10, read: false, type: 'low_stock' }));
  });

  it('marks a row, the selection, or all read', async () => {
    useNotify.getState().setUnread(3);
    renderPage();
    const row = (await screen.findByText('请假审批 11')).closest('tr')!;
    // a read row offers no 标为已读
    expect(within(screen.getByText('请假审批 12').closest('tr')!).queryByRole('button', { name: '标为已读' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(bodies('PUT', '/api/messages/read')).toEqual([{ ids: [11] }]));

    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('请假审批 12').closest('tr')!).getByRole('checkbox'));
    const toolbarButtons = screen.getAllByRole('button', { name: '标为已读' });
    fireEvent.click(toolbarButtons[0]);
    await waitFor(() => expect(bodies('PUT', '/api/messages/read').at(-1)).toEqual({ ids: [11, 12] }));

    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(bodies('PUT', '/api/messages/read').at(-1)).toEqual({ all: true }));
    expect(useNotify.getState().unread).toBe(0);
  });

  it('接收设置 saves the types turned off', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '接收设置' }));
    fireEvent.click(await screen.findByRole('switch', { name: '库存预警' }));
    await waitFor(() => expect(bodies('PUT', '/api/messages/settings')).toEqual([{ off: ['low_stock', 'job_failed'] }]));
  });
});
