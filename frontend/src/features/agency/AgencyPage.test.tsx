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
import AgencyPage from './AgencyPage';
import { logoProblem } from './components/LogoUpload';
import { t } from './messages';

let bff: FakeBff;

const row = (id: number, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `渠道${code}`,
  code,
  contact: '李明',
  phone: '13900000011',
  region: '浙江省/杭州市',
  address: '云栖小镇',
  logo: '',
  enabled: true,
  certStatus: 'none',
  createTime: '2026-11-26 10:00:00',
  updateTime: '2026-11-26 10:00:00',
  ...extra,
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/agencies', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: [row(1, 'HZYQ', { certStatus: 'approved', logo: '/api/files/abc.png' }), row(2, 'CDJC', { enabled: false })], totalElements: 2 } };
  });
  bff.on('GET /api/agencies/1/operators', () => ({
    status: 200,
    body: [{ id: 9, username: 'channel', nickName: '渠道小李', phone: '13800000002', enabled: true, createTime: '2026-11-26 10:00:00' }],
  }));
  bff.on('PUT /api/agencies/1/operators/9/enabled', () => ({ status: 204, body: '' }));
  bff.on('POST /api/agencies', () => ({ status: 201, body: { id: 3 } }));
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
          <AgencyPage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

describe('渠道管理', () => {
  it('lists agencies with their status and certification, pages from 0, and hides what the user may not do', async () => {
    useSession.setState({ roles: ['agency:list'] });
    renderPage();
    expect(await screen.findByText('渠道HZYQ')).toBeInTheDocument();
    expect(bff.queries[0]).toMatchObject({ page: 0, size: 10 });
    const hz = screen.getByText('渠道HZYQ').closest('tr') as HTMLElement;
    expect(within(hz).getByText('已认证')).toBeInTheDocument();
    expect(within(hz).getByText('启用')).toBeInTheDocument();
    expect(within(screen.getByText('渠道CDJC').closest('tr') as HTMLElement).getByText('停用')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(within(hz).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(hz).getByRole('button', { name: '运营账号' })).toBeInTheDocument();
  });

  it('creates an agency, checking the code and phone first', async () => {
    useSession.setState({ roles: ['agency:list', 'agency:add'] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('渠道名称'), '新渠道');
    await user.type(within(dialog).getByLabelText('渠道编码'), 'a b');
    await user.type(within(dialog).getByLabelText('联系人'), '赵六');
    await user.type(within(dialog).getByLabelText('联系电话'), '123');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('只能包含字母、数字、-和_')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入正确的手机号码')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('渠道编码'));
    await user.type(within(dialog).getByLabelText('渠道编码'), 'NEW-1');
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '13900000099');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'POST' && c.path === '/api/agencies')).toBe(true));
    const sent = JSON.parse(String(bff.calls.find((c) => c.method === 'POST')?.data)) as Record<string, unknown>;
    expect(sent).toMatchObject({ name: '新渠道', code: 'NEW-1', contact: '赵六', phone: '13900000099', enabled: true, logo: '' });
  });

  it('opens an agency\'s operators and disables one after the confirm', async () => {
    useSession.setState({ roles: ['agency:list', 'agency:edit'] });
    const user = userEvent.setup();
    renderPage();
    const hz = (await screen.findByText('渠道HZYQ')).closest('tr') as HTMLElement;
    await user.click(within(hz).getByRole('button', { name: '运营账号' }));
    expect(await screen.findByText('渠道小李')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '停用' }));
    expect(await screen.findByText('停用后该账号立即退出登录，确定停用 channel 吗？')).toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1) as HTMLElement);
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT' && c.path === '/api/agencies/1/operators/9/enabled')).toBe(true));
  });
});

describe('logo checks', () => {
  it('takes images up to 2 MB by name and size; the BFF checks the content', () => {
    expect(logoProblem({ name: 'a.PNG', size: 2 * 1024 * 1024 }, t)).toBe('');
    expect(logoProblem({ name: 'a.svg', size: 10 }, t)).toBe(t('agency.logo.type'));
    expect(logoProblem({ name: 'a.png', size: 2 * 1024 * 1024 + 1 }, t)).toBe(t('agency.logo.size'));
  });
});
