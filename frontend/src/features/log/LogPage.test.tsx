import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import LogPage from './LogPage';
import { shownValue } from './ChangesTable';

let bff: FakeBff;

const entry = (id: number, action: string, changes?: { field: string; before: unknown; after: unknown }[]) => ({
  id,
  username: 'admin',
  method: 'PUT',
  path: '/api/users',
  route: '/api/users',
  action,
  actionEn: '',
  reason: '',
  requestIp: '127.0.0.1',
  browser: 'Chrome',
  status: 204,
  success: true,
  time: 3,
  createTime: '2026-11-28 10:00:00',
  ...(changes ? { changes } : {}),
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/logs', () => ({
    status: 200,
    body: {
      content: [
        entry(2, '编辑用户', [
          { field: 'nickName', before: '小王', after: '王小二' },
          { field: 'dept', before: { id: 2, name: '运营部' }, after: { id: 3, name: '渠道部' } },
          { field: 'remark', before: '', after: '周末送货' },
        ]),
        entry(1, '新增用户'),
      ],
      totalElements: 2,
    },
  }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

describe('操作日志', { timeout: 60_000 }, () => {
  it('names the changed fields and expands an edit into 字段 / 修改前 / 修改后; a create has nothing to expand', async () => {
    useSession.setState({ roles: ['log:list'] });
    render(
      <MemoryRouter>
        <Providers container={null} styleCache={createCache()}>
          <AntApp>
            <LogPage />
          </AntApp>
        </Providers>
      </MemoryRouter>,
    );
    const edit = (await screen.findByText('编辑用户')).closest('tr')!;
    expect(within(edit).getByText('nickName, dept, remark')).toBeInTheDocument();
    const create = screen.getByText('新增用户').closest('tr')!;
    expect(create.querySelector('.ant-table-row-expand-icon-spaced')).not.toBeNull();
    fireEvent.click(edit.querySelector('.ant-table-row-expand-icon')!);
    const table = await screen.findByRole('table', { name: '修改内容' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => within(r).queryAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['字段', '修改前', '修改后'],
      ['nickName', '小王', '王小二'],
      ['dept', '运营部', '渠道部'],
      ['remark', '—', '周末送货'],
    ]);
  });

  it('shows values as people read them', () => {
    expect(shownValue(null)).toBe('—');
    expect(shownValue('')).toBe('—');
    expect(shownValue([])).toBe('—');
    expect(shownValue(false)).toBe('false');
    expect(shownValue(29.9)).toBe('29.9');
    expect(shownValue([{ id: 1, name: '普通员工' }, { id: 2, name: '人事' }])).toBe('普通员工、人事');
    expect(shownValue([1, 2, 3])).toBe('1, 2, 3');
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
  });
});
