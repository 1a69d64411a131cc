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
import { AgencyBadge } from './AgencyBadge';
import MinePage from './MinePage';
import { useMyAgency } from './myAgency';

let bff: FakeBff;
const mine = {
  id: 1,
  name: '杭州云栖商贸有限公司',
  code: 'HZYQ',
  contact: '李明',
  phone: '13900000011',
  region: '浙江省/杭州市/西湖区',
  address: '云栖小镇',
  logo: '',
  enabled: true,
  certStatus: 'rejected',
  createTime: '2026-11-26 10:00:00',
  updateTime: '2026-11-26 10:00:00',
};

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/agencies/mine', () => ({ status: 200, body: mine }));
  bff.on('PUT /api/agencies/mine', () => ({ status: 204, body: '' }));
  bff.on('POST /api/agencyBasicInfo/uploadLogo', () => ({ status: 200, body: { logo: '/api/files/new.png' } }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useMyAgency.getState().clear();
  useSession.setState({ user: null });
});

function renderPage() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter>
          <AgencyBadge />
          <MinePage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

describe('我的渠道', () => {
  it('shows the agency, links to certification, saves the profile and a new logo reaches the header', async () => {
    useSession.setState({ user: { id: 9, kind: 'channel' } as never });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('HZYQ')).toBeInTheDocument();
    expect(screen.getByText('已驳回')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往企业认证' })).toHaveAttribute('href', '/mine/cert');
    const badge = await screen.findByTestId('agency-badge');
    expect(within(badge).getByText('杭州云栖商贸有限公司')).toBeInTheDocument();

    // the form's fields are their own chunk (shared/ui/form): they arrive a moment after the page
    const contact = await screen.findByLabelText('联系人', undefined, { timeout: 5000 });
    await user.clear(contact);
    await user.type(contact, '王五');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT' && c.path === '/api/agencies/mine')).toBe(true));
    const sent = JSON.parse(String(bff.calls.find((c) => c.method === 'PUT')?.data)) as Record<string, unknown>;
    expect(sent).toMatchObject({ contact: '王五', phone: '13900000011', address: '云栖小镇' });

    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('标志已更新')).toBeInTheDocument();
    await waitFor(() => expect(within(badge).getByRole('img').getAttribute('src')).toContain('/api/files/new.png'));
  });

  it('a staff account has no agency: the page says so and the header shows none', async () => {
    useSession.setState({ user: { id: 1, kind: 'staff' } as never });
    bff.on('GET /api/agencies/mine', () => ({ status: 404, body: { status: 404, message: '当前账号不属于任何渠道' } }));
    renderPage();
    expect(await screen.findByText('当前账号不属于任何渠道', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.queryByTestId('agency-badge')).toBeNull();
  });
});
