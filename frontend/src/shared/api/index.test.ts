import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { bindClient, client, expectBindings, http, type ClientBindings } from './index';

function failing(status: number, message: string) {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const res = { data: { status, message }, status, statusText: '', headers: {}, config };
    throw new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, config, {}, res);
  };
}

function fakeBindings(): ClientBindings {
  return {
    navigate: vi.fn(),
    confirm: vi.fn(),
    notifyError: vi.fn(),
    logout: vi.fn(async () => undefined),
    resetSession: vi.fn(),
    reload: vi.fn(),
  };
}

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  expectBindings(false);
});

describe('the app client before and after its UI hooks', () => {
  it('shows errors that came before the hooks once they are lent (mounted app)', async () => {
    client.axios.defaults.adapter = failing(500, '服务器开小差了');
    expectBindings(true);
    await http.get('/api/auth/code').catch(() => undefined);
    const ui = fakeBindings();
    const unbind = bindClient(ui);
    expect(ui.notifyError).toHaveBeenCalledWith('服务器开小差了', 5);
    unbind();
  });

  it('keeps nothing while unmounted', async () => {
    client.axios.defaults.adapter = failing(500, 'late');
    expectBindings(false);
    await http.get('/api/x').catch(() => undefined);
    const ui = fakeBindings();
    const unbind = bindClient(ui);
    expect(ui.notifyError).not.toHaveBeenCalled();
    unbind();
  });

  it('after unbinding, errors reach nobody', async () => {
    client.axios.defaults.adapter = failing(500, 'x');
    const ui = fakeBindings();
    bindClient(ui)();
    await http.get('/api/x').catch(() => undefined);
    expect(ui.notifyError).not.toHaveBeenCalled();
  });
});
