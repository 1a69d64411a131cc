import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
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
