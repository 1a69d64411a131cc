import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { createCache } from '@ant-design/cssinjs';
import { client, http } from '@/shared/api';
import { getToken, removeToken, setToken } from '@/shared/lib/token';
import { useSession } from '@/features/auth';
import { adminInfo, adminMenus, fakeBff, type FakeBff } from '@/test/fakeBff';
import { AppRoutes } from './AppRoutes';
import Feedback from './Feedback';
import { Providers } from './providers';
import { outliveMenuTooltipTimers } from '@/test/layoutTimers';

outliveMenuTooltipTimers();

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderApp(path: string) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Feedback />
        </Suspense>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}

const location = () => screen.getByTestId('location').textContent;
let bff: FakeBff;

beforeEach(() => {
  removeToken();
  useSession.getState().reset();
  bff = fakeBff();
  bff.on('GET /api/auth/code', () => ({ status: 200, body: { img: 'data:image/png;base64,AAAA', uuid: 'u-1', enabled: true } }));
  bff.on('GET /api/auth/info', () => ({ status: 200, body: adminInfo }));
  bff.on('GET /api/menus/build', () => ({ status: 200, body: adminMenus }));
  bff.on('DELETE /api/auth/logout', () => ({ status: 200, body: {} }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  removeToken();
  useSession.getState().reset();
});

describe('signed out', () => {
  it('a deep link goes to /login with the wanted path as redirect', async () => {
    renderApp('/system/online?page=2');
    expect(await screen.findByRole('button', { name: '登 录' })).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fsystem%2Fonline%3Fpage%3D2');
    await waitFor(() => expect(document.title).toBe('登录 - 商城'));
  });

  it('the login form says which fields are empty, in Chinese', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByRole('img', { name: '验证码' });
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('用户名不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    expect(screen.getByText('验证码不能为空')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '用户名' })).toHaveAttribute('aria-invalid', 'true');
    expect(bff.calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'admin');
    expect(screen.queryByText('用户名不能为空')).not.toBeInTheDocument();
  });

  it('hides the captcha when the server says it is off', async () => {
    bff.on('GET /api/auth/code', () => ({ status: 200, body: { img: '', uuid: 'u-0', enabled: false } }));
    const user = userEvent.setup();
    renderApp('/login');
    await waitFor(() => expect(bff.calls.some((c) => c.path === '/api/auth/code')).toBe(true));
    expect(screen.queryByRole('img', { name: '验证码' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '验证码' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('用户名不能为空')).toBeInTheDocument();
    expect(screen.queryByText('验证码不能为空')).not.toBeInTheDocument();
  });

  it('clicking the captcha image fetches a new one; a failed login shows the server message and refreshes it', async () => {
    let n = 0;
    bff.on('GET /api/auth/code', () => ({ status: 200, body: { img: `data:image/png;base64,${++n}`, uuid: `u-${n}`, enabled: true } }));
    bff.on('POST /api/auth/login', () => ({ status: 400, body: { status: 400, message: '验证码错误', timestamp: 1 } }));
    const user = userEvent.setup();
    renderApp('/login');
    const img = await screen.findByRole('img', { name: '验证码' });
    await user.click(img);
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,2'));

    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'admin');
    await user.type(screen.getByLabelText('密码'), 'secret');
    await user.type(screen.getByRole('textbox', { name: '验证码' }), '7');
    await user.click(screen.getByRole('button', { name: '登 录' }));

    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,3'));
    const login = bff.calls.find((c) => c.path === '/api/auth/login');
    expect(login?.data).toBe('username=admin&password=secret&code=7&uuid=u-2');
    expect(getToken()).toBeUndefined();
    expect(location()).toBe('/login');
  });

  it('signing in stores the token, loads the menus and opens the redirect inside the frame', async () => {
    bff.on('POST /api/auth/login', () => ({ status: 200, body: { token: 'Bearer jwt-1', user: adminInfo } }));
    const user = userEvent.setup();
    renderApp('/login?redirect=%2Fdashboard');
    await screen.findByRole('img', { name: '验证码' });
    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'admin');
    await user.type(screen.getByLabelText('密码'), 'secret');
    await user.type(screen.getByRole('textbox', { name: '验证码' }), '7');
    await user.click(screen.getByRole('checkbox', { name: '记住我' }));
    await user.click(screen.getByRole('button', { name: '登 录' }));

    expect(await screen.findByText('订单数')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    expect(getToken()).toBe('Bearer jwt-1');
    expect(bff.calls.filter((c) => c.path === '/api/menus/build')).toHaveLength(1);
    // sidebar: the fixed dashboard entry first, then the server's tree
    expect(screen.getAllByText('数据概览').length).toBeGreaterThan(0);
    expect(screen.getByText('系统管理')).toBeInTheDocument();
    for (const figure of ['销售额', '新增客户', '在售商品']) expect(screen.getByText(figure)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('数据概览 - 商城'));
    const authHeader = bff.calls.find((c) => c.path === '/api/menus/build')?.headers.Authorization;
    expect(authHeader).toBe('Bearer jwt-1');
  });
});

describe('signed in', () => {
  beforeEach(() => {
    setToken('Bearer jwt-2', false);
    useSession.getState().reset();
  });

  it('a page reload fetches info and menus (both at once); /login sends the user to /', async () => {
    renderApp('/login');
    expect(await screen.findByText('订单数')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    const order = bff.calls.map((c) => c.path).filter((p) => p === '/api/auth/info' || p === '/api/menus/build');
    expect(order).toEqual(['/api/auth/info', '/api/menus/build']);
    expect(useSession.getState().roles).toEqual(['admin']);
  });

  it('an unknown menu component key shows 404 inside the frame; an unknown path goes to /404', async () => {
    const view = renderApp('/system/ghost');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
    expect(location()).toBe('/system/ghost');
    expect(screen.getByRole('button', { name: '用户菜单' })).toBeInTheDocument();
    view.unmount();

    renderApp('/no/such/path');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it('the user menu shows the nickName; 退出登录 asks first, then logs out and goes to /login', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: '用户菜单' });
    expect(trigger).toHaveTextContent('超级管理员');
    await user.click(trigger);
    expect(await screen.findByText('布局设置')).toBeInTheDocument();
    expect(screen.getByText('个人中心')).toBeInTheDocument();
    await user.click(screen.getByText('退出登录'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定注销并退出系统吗？')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(bff.calls.some((c) => c.method === 'DELETE' && c.path === '/api/auth/logout')).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(useSession.getState().roles).toEqual([]);
  });

  it("a channel operator's 退出登录 goes to /newLogin, their own sign-in", async () => {
    bff.on('GET /api/auth/info', () => ({ status: 200, body: { ...adminInfo, user: { ...adminInfo.user, kind: 'channel' } } }));
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByText('退出登录'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(location()).toBe('/newLogin'));
    expect(getToken()).toBeUndefined();
  });

  it('the client opens the 系统提示 box inside the app on 401; 取消 keeps the session', async () => {
    bff.on('GET /api/expired', () => ({ status: 401, body: { status: 401, message: '登录已过期' } }));
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByText('订单数');
    await http.get('/api/expired').catch(() => undefined);

    // named by its title (aria-labelledby)
    const dialog = await screen.findByRole('dialog', { name: '系统提示' });
    expect(within(dialog).getByText('登录状态已过期，您可以继续留在该页面，或者重新登录')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '重新登录' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    // the box closes (jsdom runs no CSS animation, so it stays in its leave state)
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    expect(bff.calls.some((c) => c.path === '/api/auth/logout')).toBe(false);
    expect(location()).toBe('/dashboard');
    expect(getToken()).toBe('Bearer jwt-2');
  });

  it('405: 重新登录 drops the token and goes to /newLogin', async () => {
    bff.on('GET /background/thing', () => ({ status: 405, body: { status: 405, message: '渠道登录已过期' } }));
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByText('订单数');
    await http.get('/background/thing').catch(() => undefined);
    const dialog = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(dialog).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(location()).toBe('/newLogin'));
    expect(getToken()).toBeUndefined();
    expect(await screen.findByRole('button', { name: '登 录' })).toBeInTheDocument();
  });

  it('/redirect/<path> replaces itself with /<path> (refresh helper)', async () => {
    renderApp('/redirect/user/center?tab=1');
    expect(await screen.findByRole('heading', { name: '超级管理员' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/user/center?tab=1'));
    await waitFor(() => expect(document.title).toBe('个人中心 - 商城'));
  });

  it('403 sends the user to /401', async () => {
    bff.on('GET /api/forbidden', () => ({ status: 403, body: { status: 403, message: '不允许' } }));
    renderApp('/dashboard');
    await screen.findByText('订单数');
    await http.get('/api/forbidden').catch(() => undefined);
    await waitFor(() => expect(location()).toBe('/401'));
    expect(await screen.findByText('抱歉，您无权访问此页面')).toBeInTheDocument();
  });
});
