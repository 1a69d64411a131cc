import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import UserPage, { userQuery } from './UserPage';

let bff: FakeBff;

const row = (id: number, username: string) => ({
  id,
  username,
  nickName: `昵称${id}`,
  gender: '男',
  email: `${username}@example.com`,
  phone: '13800000000',
  enabled: true,
  isAdmin: false,
  kind: 'staff',
  dept: { id: 2, name: '运营部' },
  roles: [{ id: 2, name: '普通员工' }],
  createTime: '2026-11-21 10:00:00',
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/users', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: [row(7, 'lisi'), row(8, 'wangwu')], totalElements: 2 } };
  });
  bff.on('GET /api/dept', () => ({ status: 200, body: { content: [{ id: 2, pid: 0, name: '运营部', deptSort: 1, enabled: true, createTime: '' }], totalElements: 1 } }));
  bff.on('DELETE /api/users', () => ({ status: 200, body: '' }));
  bff.on('POST /api/users/download', () => ({ status: 200, body: new Blob(['x']) }));
  bff.on('POST /api/users/downloadAll', () => ({ status: 200, body: new Blob(['x']) }));
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
        <UserPage />
      </App>
    </Providers>,
  );
}

describe('用户管理', () => {
  it('pages from 0 by 10, shows only the buttons the user holds, and deletes after the confirm', async () => {
    useSession.setState({ roles: ['user:list', 'user:del'] });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('lisi')).toBeInTheDocument();
    expect(bff.queries[0]).toMatchObject({ page: 0, size: 10 });
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    const lisi = screen.getByText('lisi').closest('tr') as HTMLElement;

    // 取消 → 已取消删除, nothing sent
    await user.click(within(lisi).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('此操作将永久删除该信息, 是否继续?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByText('已取消删除')).toBeInTheDocument();
    expect(bff.calls.some((c) => c.method === 'DELETE')).toBe(false);

    // 确定 → DELETE with the row's ID → 删除成功 and the list reloads
    await user.click(within(lisi).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.getAllByText('此操作将永久删除该信息, 是否继续?').length).toBeGreaterThan(0));
    await user.click((await screen.findAllByRole('button', { name: '确定' })).at(-1) as HTMLElement);
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    const del = bff.calls.find((c) => c.method === 'DELETE');
    expect(JSON.parse(String(del?.data))).toEqual([7]);
    await waitFor(() => expect(bff.queries.length).toBeGreaterThan(1));
  });

  it('the status switch asks first, then changes the status and says so', async () => {
    useSession.setState({ roles: ['user:list', 'user:edit'] });
    bff.on('PUT /api/users/enabled', () => ({ status: 200, body: '' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'lisi 状态' }));
    expect(await screen.findByText('停用后该用户将无法登录，确定吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(bff.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'lisi 状态' }));
    await waitFor(() => expect(screen.getAllByText('停用后该用户将无法登录，确定吗？').length).toBeGreaterThan(0));
    await user.click((await screen.findAllByRole('button', { name: '确定' })).at(-1) as HTMLElement);
    expect(await screen.findByText('已停用 lisi')).toBeInTheDocument();
    expect(JSON.parse(String(bff.calls.find((c) => c.method === 'PUT')?.data))).toEqual({ ids: [7], enabled: false });
  });

  it('an administrator sees 新增, 编辑 and the search; a search goes back to page 0', async () => {
    useSession.setState({ roles: ['admin'] });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('button', { name: '新增' })).toBeInTheDocument();
    await screen.findByText('wangwu');
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: '关键字' }), 'li');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ page: 0, size: 10, blurry: 'li' }));
  });

  it('exports the selected rows and all rows with the shown data columns, the holder of user:list only', async () => {
    useSession.setState({ roles: ['user:list'] });
    const user = userEvent.setup();
    renderPage();
    const lisi = (await screen.findByText('lisi')).closest('tr') as HTMLElement;
    await user.click(within(lisi).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /导出选中/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.path === '/api/users/download')).toBe(true));
    const fields = ['username', 'nickName', 'gender', 'phone', 'email', 'dept', 'roles', 'enabled', 'createTime'];
    const sel = JSON.parse(String(bff.calls.find((c) => c.path === '/api/users/download')?.data)) as Record<string, unknown>;
    expect(sel).toMatchObject({ ids: [7], fields });
    expect((sel.headers as string[]).length).toBe(fields.length);

    await user.click(screen.getByRole('button', { name: /导出全部/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.path === '/api/users/downloadAll')).toBe(true));
    const all = JSON.parse(String(bff.calls.find((c) => c.path === '/api/users/downloadAll')?.data)) as Record<string, unknown>;
    expect(all.fields).toEqual(fields);
    expect(all.ids).toBeUndefined();
  });

  it('hides the export from a session without user:list', async () => {
    useSession.setState({ roles: ['user:del'] });
    renderPage();
    await screen.findByText('lisi');
    expect(screen.queryByRole('button', { name: /导出全部/ })).toBeNull();
  });

  it('userQuery: the createDate bounds become the list\'s createTime pair, the sort passes on', () => {
    expect(
      userQuery({ page: 1, size: 10, filters: { blurry: 'li', deptId: 2, enabled: 'false', startTime: 'a', endTime: 'b' }, sort: ['username,asc'] }),
    ).toEqual({ page: 1, size: 10, blurry: 'li', deptId: 2, enabled: false, createTime: ['a', 'b'], sort: ['username,asc'] });
    expect(userQuery({ page: 0, size: 10, filters: {} })).toEqual({ page: 0, size: 10, sort: undefined });
  });
});
