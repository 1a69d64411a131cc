import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { MessageBell } from './Bell';
import { useNotify } from './store';
import type { StoredMessage } from './types';

const msg = (id: number, over: Partial<StoredMessage> = {}): StoredMessage => ({
  id,
  type: 'low_stock',
  title: `库存不足 ${id}`,
  body: '',
  link: `/look?type=goods&id=${id}`,
  read: false,
  createTime: new Date(Date.now() - 4.5 * 60_000).toISOString(), // 分钟 round up: 5分钟前
  readTime: null,
  ...over,
});

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('PUT /api/messages/read', () => ({ status: 200, body: '' }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useNotify.getState().reset();
});

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderBell() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={['/dashboard']}>
          <MessageBell />
          <Where />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

const puts = () => bff.calls.filter((c) => c.method === 'PUT' && c.path === '/api/messages/read').map((c) => JSON.parse(String(c.data)));

describe('the bell', () => {
  it('shows the unread count, 99+ past 99', async () => {
    useNotify.getState().setUnread(5);
    renderBell();
    expect(screen.getByRole('button', { name: '消息 5' })).toBeInTheDocument();
    expect(screen.getByTestId('message-badge')).toHaveTextContent('5');
    useNotify.getState().setUnread(120);
    await waitFor(() => expect(screen.getByTestId('message-badge')).toHaveTextContent('99+'));
  });

  it('lists the newest with type and time; 全部已读 sends {all:true}', async () => {
    useNotify.getState().setUnread(2);
    useNotify.getState().setLatest([msg(2), msg(1)]);
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: '消息 2' }));
    expect(await screen.findByText('库存不足 2')).toBeInTheDocument();
    expect(screen.getAllByText('库存预警')).toHaveLength(2);
    expect(screen.getAllByText('5分钟前')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(puts()).toEqual([{ all: true }]));
    expect(useNotify.getState().unread).toBe(0);
  });

  it('a click marks the message read and opens its link; 查看全部 opens 消息中心', async () => {
    useNotify.getState().setUnread(1);
    useNotify.getState().setLatest([msg(3)]);
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: '消息 1' }));
    fireEvent.click(await screen.findByText('库存不足 3'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/look?type=goods&id=3'));
    expect(puts()).toEqual([{ ids: [3] }]);
    expect(useNotify.getState().unread).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '消息 0' }));
    fireEvent.click(await screen.findByRole('button', { name: '查看全部' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/messages'));
  });
});
