import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { lookPath } from '@/shared/lib/look';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import LookPage from './LookPage';
import { lookTarget } from './target';

let bff: FakeBff;

const agency = {
  id: 3,
  name: '杭州云栖商贸有限公司',
  code: 'HZYQ',
  contact: '李明',
  phone: '13900000011',
  region: '浙江省/杭州市/西湖区',
  address: '云栖小镇 88 号',
  logo: '',
  enabled: false,
  certStatus: 'pending',
  createTime: '2026-11-26 10:00:00',
  updateTime: '2026-11-26 10:00:00',
  operators: [{ id: 9, username: 'channel', nickName: '渠道小李', phone: '13800000002', enabled: true, createTime: '2026-11-26 10:00:00' }],
  orderCount: 12,
  sales: '1234.50',
};

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/agencies/3', () => ({ status: 200, body: agency }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

describe('详情 of an agency', () => {
  it('is a /look type', () => {
    expect(lookTarget(new URL(lookPath('agency', 3), 'http://x').search)).toEqual({ type: 'agency', id: 3 });
  });

  it('shows the profile, certification, order figures, operators and the section left for contracts', async () => {
    render(
      <Providers container={null} styleCache={createCache()}>
        <App>
          <MemoryRouter initialEntries={[lookPath('agency', 3)]}>
            <LookPage />
          </MemoryRouter>
        </App>
      </Providers>,
    );
    expect(await screen.findByText('HZYQ')).toBeInTheDocument();
    expect(screen.getByText('停用')).toBeInTheDocument();
    expect(screen.getAllByText('审核中').length).toBeGreaterThan(0);
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(document.body.textContent).toMatch(/¥1,?234\.50/);
    const ops = screen.getByText('渠道小李').closest('tr') as HTMLElement;
    expect(within(ops).getByText('channel')).toBeInTheDocument();
    expect(document.querySelector('[data-section="agency-contracts"]')).not.toBeNull();
  });
});
