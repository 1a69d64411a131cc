import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { client } from '@/shared/api';
import { COOKIE_REMEMBER, COOKIE_USERNAME, deleteCookie } from '@/shared/lib/cookies';
import { removeToken } from '@/shared/lib/token';
import { adminInfo, fakeBff, type FakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
import LoginPage from './LoginPage';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/auth/code', () => ({ status: 200, body: { enabled: false } }));
  bff.on('GET /api/init/check', () => ({ status: 200, body: { initialized: false } }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

describe('/login on a system not set up yet (issue 16)', () => {
  it('coming from / it goes on to /init', async () => {
    renderRoute('/login?redirect=%2Fdashboard', '/login', <LoginPage />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/init'));
  });
  it('opened directly or from another page it says so and links to /init (the seeded administrator may still sign in)', async () => {
    renderRoute('/login', '/login', <LoginPage />);
    expect(await screen.findByText(/系统尚未初始化/)).toBeInTheDocument();
  });
  it('coming from another page it says so and links to /init', async () => {
    renderRoute('/login?redirect=%2Fsystem%2Fuser', '/login', <LoginPage />);
    expect(await screen.findByText(/系统尚未初始化/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往初始化' })).toHaveAttribute('href', '/init');
  });
});

describe('/login remember-me (docs/decisions.md "Specification coverage")', () => {
  afterEach(() => {
    removeToken();
    deleteCookie(COOKIE_USERNAME);
    deleteCookie(COOKIE_REMEMBER);
  });
  it('keeps the user name and the token for the next visit, never the password', async () => {
    bff.on('GET /api/init/check', () => ({ status: 200, body: { initialized: true } }));
    bff.on('POST /api/auth/login', () => ({ status: 200, body: { token: 'Bearer t-1', user: adminInfo } }));
    const user = userEvent.setup();
    renderRoute('/login?redirect=%2Fdashboard', '/login', <LoginPage />);
    await user.type(await screen.findByRole('textbox', { name: '用户名' }), 'admin');
    await user.type(screen.getByLabelText('密码'), 'pw-never-kept');
    await user.click(screen.getByRole('checkbox', { name: '记住我' }));
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(document.cookie).toContain('username=admin');
    expect(document.cookie).toContain('rememberMe=1');
    expect(document.cookie).toContain('EL-ADMIN-TOEKN=');
    const stored = document.cookie + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('pw-never-kept');
  });
});
