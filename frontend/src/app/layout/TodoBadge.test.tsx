import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { adminInfo, fakeBff, type FakeBff } from '@/test/fakeBff';
import { approve } from '@/features/workflow/api.flow';
import { TodoBadge } from './TodoBadge';

let bff: FakeBff;
let todo = 3;
beforeEach(() => {
  todo = 3;
  bff = fakeBff();
  bff.on('GET /api/workflow/tasks/count', () => ({ status: 200, body: { todo } }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ user: null, roles: [] });
});

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderBadge() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={['/dashboard']}>
          <TodoBadge />
          <Link to="/user/center">elsewhere</Link>
          <Where />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

const counts = () => bff.calls.filter((c) => c.path === '/api/workflow/tasks/count').length;

describe('待办 badge', () => {
  it('shows the count, reads it again on navigation, opens 我的待办', async () => {
    useSession.setState({ user: adminInfo.user as never });
    renderBadge();
    expect(await screen.findByRole('button', { name: '待办 3' })).toBeInTheDocument();
    todo = 2;
    fireEvent.click(screen.getByText('elsewhere'));
    expect(await screen.findByRole('button', { name: '待办 2' })).toBeInTheDocument();
    expect(counts()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '待办 2' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/workflow/tasks?box=todo'));
  });

  it('reads the count again after a workflow action, on the same page', async () => {
    useSession.setState({ user: adminInfo.user as never });
    bff.on('POST /api/workflow/instances/7/approve', () => ({ status: 409, body: { message: '该任务已被处理' } }));
    renderBadge();
    expect(await screen.findByRole('button', { name: '待办 3' })).toBeInTheDocument();
    todo = 2;
    await approve(7, '同意').catch(() => undefined);
    expect(await screen.findByRole('button', { name: '待办 2' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('is not there for a channel operator, who is not asked about', async () => {
    useSession.setState({ user: { ...adminInfo.user, kind: 'channel' } as never });
    renderBadge();
    await screen.findByText('elsewhere');
    expect(screen.queryByRole('button', { name: /待办/ })).toBeNull();
    expect(counts()).toBe(0);
  });
});
