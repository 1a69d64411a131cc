import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import DictPage from './DictPage';

let bff: FakeBff;

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/dict', () => ({
    status: 200,
    body: { content: [{ id: 3, name: 'user_status', description: '用户状态', createTime: '2026-11-21 10:00:00' }], totalElements: 1 },
  }));
  bff.on('GET /api/dictDetail', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return {
      status: 200,
      body: { content: [{ id: 9, dict: { id: 3 }, label: '启用', value: 'true', dictSort: 1 }], totalElements: 1 },
    };
  });
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

describe('字典管理', { timeout: 60_000 }, () => {
  it('reads the chosen dictionary\'s entries at once: dictName, page 0, size 9999 (seed-spec §7, §9)', async () => {
    useSession.setState({ roles: ['dict:list'] });
    const user = userEvent.setup();
    render(
      <Providers container={null} styleCache={createCache()}>
        <App>
          <DictPage />
        </App>
      </Providers>,
    );
    await user.click(await screen.findByText('user_status'));
    expect(await screen.findByText('启用')).toBeInTheDocument();
    await waitFor(() => expect(bff.queries).toEqual([{ dictName: 'user_status', page: 0, size: 9999 }]));
  });
});
