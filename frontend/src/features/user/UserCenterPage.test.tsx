import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import UserCenterPage from './UserCenterPage';

let bff: FakeBff;
const info = {
  user: {
    id: 2, username: 'staff', nickName: '张三', gender: '男', phone: '13800138000', email: 'zhangsan@example.com',
    avatarPath: '', kind: 'staff', dept: { id: 2, name: '运营部' }, roles: [{ id: 2, name: '普通员工' }],
    createTime: '2026-11-21 10:00:00',
  },
  roles: ['online:list'],
};

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/auth/info', () => ({ status: 200, body: info }));
  bff.on('PUT /api/users/center', () => ({ status: 204, body: '' }));
  bff.on('POST /api/users/updatePass', () => ({ status: 204, body: '' }));
  bff.on('GET /api/users/center/logins', () => ({
    status: 200,
    body: { content: [{ time: '2026-11-21 10:00:00', ip: '127.0.0.1', browser: 'Chrome 142 (Linux)', success: true }], totalElements: 1 },
  }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ user: null, roles: [] });
});

function renderPage() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter>
          <UserCenterPage />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

/** Sets an input's value the quick way (typing key by key costs seconds in jsdom). */
function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

const saveButton = () => screen.getAllByRole('button', { name: /保\s?存/ }).at(-1)!;

describe('个人中心', () => {
  it('shows the profile with the contact masked', async () => {
    renderPage();
    expect(await screen.findByText('138****8000')).toBeInTheDocument();
    expect(screen.getByText('zha*****@example.com')).toBeInTheDocument();
    expect(screen.getByText('普通员工')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '张三' })).toBeInTheDocument();
  });

  it('refuses a bad mobile number without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByPlaceholderText('请输入手机号');
    fill('请输入手机号', '12812345678');
    await user.click(saveButton());
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(bff.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the basic information and puts it into the session, where the header reads it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByPlaceholderText('请输入手机号');
    fill('请输入手机号', '13912345678');
    fill('请输入昵称', ' 小张 ');
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.click(saveButton());
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    const put = bff.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.data))).toEqual({ nickName: '小张', gender: '女', phone: '13912345678' });
    expect(useSession.getState().user).toMatchObject({ nickName: '小张', gender: '女', phone: '13912345678' });
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: '修改密码' }));
    fill('请输入旧密码', 'old-pass-1');
    fill('请输入新密码', 'new-pass-1');
    fill('请输入确认密码', 'new-pass-2');
    await user.click(saveButton());
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(bff.calls.some((c) => c.path === '/api/users/updatePass')).toBe(false);
  });

  it('changes the password with the old and the new one', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: '修改密码' }));
    fill('请输入旧密码', 'old-pass-1');
    fill('请输入新密码', 'new-pass-1');
    fill('请输入确认密码', 'new-pass-1');
    await user.click(saveButton());
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    const call = bff.calls.find((c) => c.path === '/api/users/updatePass');
    expect(JSON.parse(String(call?.data))).toEqual({ oldPass: 'old-pass-1', newPass: 'new-pass-1' });
  });

  it('lists the recent sign-ins', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: '最近登录' }));
    expect(await screen.findByText('Chrome 142 (Linux)')).toBeInTheDocument();
    expect(screen.getByText('成功')).toBeInTheDocument();
  });

  it('退出所有设备 asks first, then ends every session and clears this one', async () => {
    const user = userEvent.setup({ delay: null });
    bff.on('DELETE /api/auth/sessions', () => ({ status: 200, body: '' }));
    bff.on('DELETE /api/auth/logout', () => ({ status: 401, body: { status: 401, message: '登录状态已过期，请重新登录' } }));
    useSession.setState({ token: 'Bearer t' });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: '最近登录' }));
    await user.click(await screen.findByRole('button', { name: /退出所有设备/ }));
    await screen.findByText('将结束您在所有设备和浏览器上的登录（包括当前），确定吗？');
    expect(bff.calls.some((c) => c.path === '/api/auth/sessions')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(useSession.getState().token).toBeUndefined());
    expect(bff.calls.filter((c) => c.method === 'DELETE' && c.path === '/api/auth/sessions')).toHaveLength(1);
  });
});
