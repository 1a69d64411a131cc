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
import OpenClientPage from './OpenClientPage';

let bff: FakeBff;

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `对接${id}`,
  clientId: `ck_${String(id).padStart(20, '0')}`,
  agencyId: null,
  agencyName: '',
  scopes: ['orders:read', 'orders:write', 'skus:read'],
  status: 'active',
  lastUsedTime: '',
  createTime: '2026-11-28 10:00:00',
  ...extra,
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/openClients', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return {
      status: 200,
      body: {
        content: [
          row(1, { lastUsedTime: '2026-11-28 11:00:00' }),
          row(2, { agencyId: 7, agencyName: '杭州云栖商贸有限公司' }),
          row(3, { status: 'revoked' }),
        ],
        totalElements: 3,
      },
    };
  });
  bff.on('POST /api/openClients', () => ({ status: 201, body: { id: 4, clientId: 'ck_new000000000000000000', secret: 'sk_NEW-SECRET' } }));
  bff.on('POST /api/openClients/1/rotate', () => ({ status: 200, body: { id: 1, clientId: row(1).clientId, secret: 'sk_ROTATED' } }));
  bff.on('DELETE /api/openClients/1', () => ({ status: 204, body: '' }));
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
          <OpenClientPage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

const called = (method: string, path: string) => bff.calls.filter((c) => c.method === method && c.path === path);
const ok = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1) as HTMLElement);

describe('开放接口', { timeout: 60_000 }, () => {
  it('lists clients with owner, status and 最近使用, pages from 0; no buttons without the permissions', async () => {
    useSession.setState({ roles: ['openClient:list'] });
    renderPage();
    expect(await screen.findByText('对接1')).toBeInTheDocument();
    expect(bff.queries[0]).toEqual({ page: 0, size: 10 });
    const r1 = screen.getByText('对接1').closest('tr') as HTMLElement;
    expect(within(r1).getByText('本店')).toBeInTheDocument();
    expect(within(r1).getByText('2026-11-28 11:00:00')).toBeInTheDocument();
    expect(within(r1).getByText('有效')).toBeInTheDocument();
    const r2 = screen.getByText('对接2').closest('tr') as HTMLElement;
    expect(within(r2).getByText('杭州云栖商贸有限公司')).toBeInTheDocument();
    expect(within(r2).getByText('从未使用')).toBeInTheDocument();
    expect(within(screen.getByText('对接3').closest('tr') as HTMLElement).getByText('已吊销')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '最近使用' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建' })).toBeNull();
    expect(within(r1).queryByRole('button', { name: '轮换密钥' })).toBeNull();
    expect(within(r1).queryByRole('button', { name: '吊销' })).toBeNull();
  });

  it('creates a client for the shop and shows its secret once, with copy buttons and the warning', async () => {
    useSession.setState({ roles: ['openClient:list', 'openClient:add'] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('该项为必填项，不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('名称'), '官网商城');
    expect(within(dialog).getByLabelText('本店')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(called('POST', '/api/openClients')).toHaveLength(1));
    expect(JSON.parse(String(called('POST', '/api/openClients')[0].data))).toEqual({ name: '官网商城', agencyId: null });

    const shown = (await screen.findByText('请保存客户端密钥')).closest('.ant-modal-content') as HTMLElement;
    expect(within(shown).getByText('sk_NEW-SECRET')).toBeInTheDocument();
    expect(within(shown).getByText('ck_new000000000000000000')).toBeInTheDocument();
    expect(within(shown).getByText(/仅显示一次/)).toBeInTheDocument();
    expect(within(shown).getAllByRole('button', { name: /复制|copy/i })).toHaveLength(2);
    // the list is read again: the new row is there
    await waitFor(() => expect(bff.queries).toHaveLength(2));
  });

  it('asks for a channel when the client is a channel\'s', async () => {
    useSession.setState({ roles: ['openClient:list', 'openClient:add'] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '渠道对接');
    await user.click(within(dialog).getByLabelText('渠道'));
    expect(await within(dialog).findByText('所属渠道')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('该项为必填项，不能为空')).toBeInTheDocument();
    expect(called('POST', '/api/openClients')).toHaveLength(0);
  });

  it('rotates after the confirm and shows the new secret; revokes after the confirm', async () => {
    useSession.setState({ roles: ['openClient:list', 'openClient:edit', 'openClient:del'] });
    const user = userEvent.setup();
    renderPage();
    const r1 = (await screen.findByText('对接1')).closest('tr') as HTMLElement;
    expect(within(screen.getByText('对接3').closest('tr') as HTMLElement).queryByRole('button', { name: '轮换密钥' })).toBeNull();
    await user.click(within(r1).getByRole('button', { name: '轮换密钥' }));
    expect(await screen.findByText('轮换后旧密钥立即失效，确定为 对接1 生成新密钥吗？')).toBeInTheDocument();
    await ok(user);
    expect(await screen.findByText('sk_ROTATED')).toBeInTheDocument();
    expect(called('POST', '/api/openClients/1/rotate')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '我已保存' }));

    await user.click(within(r1).getByRole('button', { name: '吊销' }));
    expect(await screen.findByText('吊销后该客户端的调用立即被拒绝且无法恢复，确定吊销 对接1 吗？')).toBeInTheDocument();
    await ok(user);
    await waitFor(() => expect(called('DELETE', '/api/openClients/1')).toHaveLength(1));
  });
});
