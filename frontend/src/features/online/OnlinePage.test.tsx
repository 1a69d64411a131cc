import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import OnlinePage, { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './OnlinePage';

let bff: FakeBff;
const queries = () => bff.queries;

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/auth/online', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return {
      status: 200,
      body: {
        content: [
          { sessionId: 's1', username: 'admin', nickName: '管理员', dept: '研发部', ip: '127.0.0.1', browser: 'Chrome', kind: 'staff', loginTime: '2026-01-01 10:00:00', current: true },
          { sessionId: 's2', username: 'channel', nickName: '渠道', dept: null, ip: '10.0.0.2', browser: 'Firefox', kind: 'channel', loginTime: '2026-01-01 11:00:00', current: false },
        ],
        totalElements: 2,
      },
    };
  });
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

describe('在线用户', () => {
  it('asks for page 0 of 10 first, shows the rows read-only and searches by user name from page 0', async () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZES).toEqual([10, 15, 20, 30]);
    const user = userEvent.setup();
    render(
      <Providers container={null} styleCache={createCache()}>
        <OnlinePage />
      </Providers>,
    );
    expect(await screen.findByText('10.0.0.2')).toBeInTheDocument();
    expect(queries()[0]).toEqual({ page: 0, size: 10, filter: '' });
    expect(screen.getByText('当前会话')).toBeInTheDocument();
    // the user name cell holds the name alone (tests and people find rows by it)
    expect(screen.getByRole('cell', { name: 'admin' })).toBeInTheDocument();
    expect(screen.getByText('研发部')).toBeInTheDocument();
    expect(screen.getByText('员工')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '登录IP' })).toBeInTheDocument();
    // read-only: no row actions
    expect(screen.queryByRole('button', { name: /删除|强退|编辑/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'adm');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: 0, size: 10, filter: 'adm' }));
  });
});
