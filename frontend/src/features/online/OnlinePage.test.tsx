import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import OnlinePage, { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './OnlinePage';

let bff: FakeBff;
const queries = () => bff.queries;

const rows = Array.from({ length: 12 }, (_, i) => ({
  sessionId: `s${i + 1}`,
  username: i === 0 ? 'admin' : `user${i + 1}`,
  nickName: i === 0 ? '管理员' : `用户${i + 1}`,
  dept: i === 0 ? '研发部' : '',
  ip: `10.0.0.${i + 1}`,
  browser: 'Chrome',
  kind: i === 1 ? 'channel' : 'staff',
  loginTime: '2026-01-01 10:00:00',
  current: i === 0,
}));

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/auth/online', (config) => {
    const p = config.params as { page: number; size: number; filter: string };
    bff.queries.push({ ...p });
    const matching = rows.filter((r) => r.username.includes(p.filter));
    return { status: 200, body: { content: matching.slice(p.page * p.size, (p.page + 1) * p.size), totalElements: matching.length } };
  });
  bff.on('DELETE /api/auth/online', () => ({ status: 200, body: '' }));
  bff.on('POST /api/auth/online/download', () => ({ status: 200, body: new Blob(['xlsx']) }));
  bff.on('POST /api/auth/online/downloadAll', () => ({ status: 200, body: new Blob(['xlsx']) }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
  vi.restoreAllMocks();
});

function renderPage() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>
        <OnlinePage />
      </AntApp>
    </Providers>,
  );
}

const calls = (method: string, path: string) => bff.calls.filter((c) => c.method === method && c.path === path);

describe('在线用户', { timeout: 60_000 }, () => {
  it('asks for page 0 of 10 first, numbers the rows, searches by user name from page 1 of 10; no delete without online:del', async () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZES).toEqual([10, 15, 20, 30]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('10.0.0.2')).toBeInTheDocument();
    expect(queries()[0]).toEqual({ page: 0, size: 10, filter: '' });
    expect(screen.getByText('当前会话')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'admin' })).toBeInTheDocument();
    expect(screen.getByText('研发部')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '登录IP' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '序号' })).toBeInTheDocument();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除|强退/ })).not.toBeInTheDocument();
    // empty cells show "-"
    expect(screen.getAllByRole('row')[2]).toHaveTextContent('-');

    // page 2: serial numbers go on from 11
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: 1, size: 10, filter: '' }));
    expect(await screen.findByText('10.0.0.11')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '11' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'user');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: 0, size: 10, filter: 'user' }));
  });

  it('强退 (the table delete) after the confirm, not after cancel; not for the own session', async () => {
    useSession.setState({ roles: ['online:list', 'online:del'] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('10.0.0.2');
    const own = screen.getByRole('cell', { name: 'admin' }).closest('tr')!;
    expect(within(own).getByRole('button', { name: '强退' })).toBeDisabled();
    const row = screen.getByRole('cell', { name: 'user2' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '强退' }));
    expect(await screen.findByText('确定强制退出该用户吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(await screen.findByText('已取消删除')).toBeInTheDocument();
    expect(calls('DELETE', '/api/auth/online')).toHaveLength(0);

    const listed = queries().length;
    await user.click(within(row).getByRole('button', { name: '强退' }));
    await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已强制退出')).toBeInTheDocument();
    expect(calls('DELETE', '/api/auth/online')[0].data).toBe('["s2"]');
    await waitFor(() => expect(queries().length).toBeGreaterThan(listed)); // the list refreshed
  });

  it('the current session can be selected and exported; a bulk 强退 leaves it out', async () => {
    useSession.setState({ roles: ['online:list', 'online:del'] });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('10.0.0.2');
    const mine = screen.getByRole('cell', { name: 'admin' }).closest('tr')!;
    expect(within(mine).getByRole('checkbox')).toBeEnabled();
    await user.click(within(mine).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /导出选中/ }));
    await waitFor(() => expect(calls('POST', '/api/auth/online/download')).toHaveLength(1));
    expect(JSON.parse(calls('POST', '/api/auth/online/download')[0].data as string).ids).toEqual(['s1']);
    // only the current session selected: nothing to 强退
    await user.click(screen.getAllByRole('button', { name: /强\s*退/ }).find((b) => !b.closest('tr'))!);
    expect(await screen.findByText('所选的数据都不能删除')).toBeInTheDocument();
    expect(calls('DELETE', '/api/auth/online')).toHaveLength(0);
  });

  it('exports the selected rows and everything, with the shown columns and the current filter', async () => {
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('10.0.0.2');

    await user.click(screen.getByRole('button', { name: /导出选中/ }));
    expect(await screen.findByText('请先选择要导出的数据')).toBeInTheDocument();

    const row = screen.getByRole('cell', { name: 'user3' }).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    expect(await screen.findByText('已选择 1 项')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /导出选中/ }));
    await waitFor(() => expect(calls('POST', '/api/auth/online/download')).toHaveLength(1));
    const headers = ['用户名', '用户昵称', '部门', '登录IP', '浏览器', '类型', '登录时间'];
    const fields = ['username', 'nickName', 'dept', 'ip', 'browser', 'kind', 'loginTime'];
    expect(JSON.parse(calls('POST', '/api/auth/online/download')[0].data as string)).toEqual({ headers, fields, ids: ['s3'] });
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('在线用户数据.xlsx');

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'user');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: 0, size: 10, filter: 'user' }));
    await user.click(screen.getByRole('button', { name: /导出全部/ }));
    await waitFor(() => expect(calls('POST', '/api/auth/online/downloadAll')).toHaveLength(1));
    expect(JSON.parse(calls('POST', '/api/auth/online/downloadAll')[0].data as string)).toEqual({ filter: 'user', headers, fields });
  });
});
