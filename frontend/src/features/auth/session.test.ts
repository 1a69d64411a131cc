import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { LoginResult, MenuNode, UserInfo } from './types';
import { createSessionStore, DEFAULT_ROLE, SYNC_AFTER_MS, type SessionDeps } from './session';

const info = (roles: string[]): UserInfo => ({
  user: {
    id: 1, username: 'admin', nickName: '管理员', email: '', phone: '', gender: '', avatarPath: '', enabled: true,
    isAdmin: true, kind: 'staff', empNo: '', dept: null, roles: [], createTime: '',
  },
  roles,
  dataScopes: [],
});
const loginResult = (roles: string[]): LoginResult => ({ token: 'Bearer jwt', user: info(roles) });
const menus: MenuNode[] = [{ path: '/system', component: 'Layout', meta: { title: '系统管理' }, children: [] }];

function setup(overrides: Partial<SessionDeps['api']> = {}, initialToken?: string) {
  let stored = initialToken;
  const deps: SessionDeps = {
    api: {
      login: vi.fn(async () => loginResult(['admin'])),
      channelLogin: vi.fn(async () => loginResult([])),
      loginAccount: vi.fn(async () => loginResult(['online:list'])),
      getInfo: vi.fn(async () => info(['online:list'])),
      logout: vi.fn(async () => undefined),
      buildMenus: vi.fn(async () => menus),
      ...overrides,
    },
    token: {
      get: () => stored,
      set: vi.fn((token: string) => {
        stored = token;
      }),
      remove: vi.fn(() => {
        stored = undefined;
      }),
    },
    reload: vi.fn(),
  };
  return { store: createSessionStore(deps), deps, stored: () => stored };
}

const form = { username: 'admin', password: 'pw', code: '1', uuid: 'u' };
const assertion = { empNo: 'E1001', ts: 1795251600, nonce: 'n1', sig: 'ab' };

describe('sign-in from the host portal', () => {
  it('signs in with the assertion, once per mount, and not again after a logout', async () => {
    const { store, deps } = setup();
    const getAssertion = vi.fn(async () => assertion);
    const signingIn = store.getState().portalLogin(getAssertion);
    expect(store.getState()).toMatchObject({ portalTried: true, portalPending: true });
    await signingIn;
    expect(store.getState().portalPending).toBe(false);
    expect(deps.api.loginAccount).toHaveBeenCalledWith(assertion);
    expect(deps.token.set).toHaveBeenCalledWith('Bearer jwt', false);
    expect(store.getState()).toMatchObject({ token: 'Bearer jwt', roles: ['online:list'], portalTried: true, portalRefused: undefined });
    await store.getState().logout();
    await store.getState().portalLogin(getAssertion);
    expect(getAssertion).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ token: undefined, portalTried: true });
    // A new mount starts afresh.
    store.getState().reset();
    expect(store.getState().portalTried).toBe(false);
  });

  it("records the server's reason when the assertion is refused, and the host's when it has none", async () => {
    const refused = new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 401, statusText: '', headers: {}, config: { headers: new AxiosHeaders() },
      data: { status: 401, message: '签名已使用' },
    });
    const { store } = setup({ loginAccount: vi.fn(async () => Promise.reject(refused)) });
    await store.getState().portalLogin(async () => assertion);
    expect(store.getState()).toMatchObject({ token: undefined, portalTried: true, portalRefused: '签名已使用' });

    const other = setup().store;
    await other.getState().portalLogin(async () => Promise.reject(new Error('portal assertion: HTTP 403')));
    expect(other.getState().portalRefused).toBe('portal assertion: HTTP 403');
  });
});

describe('session store', () => {
  it('starts signed out with empty roles, or with the stored token', () => {
    expect(setup().store.getState()).toMatchObject({ token: undefined, roles: [], loadMenus: false, menus: [] });
    expect(setup({}, 'Bearer old').store.getState()).toMatchObject({ token: 'Bearer old', roles: [] });
  });

  it('login stores token (remember-me passed on) and user, sets roles and loadMenus', async () => {
    const { store, deps } = setup();
    await store.getState().login(form, true);
    expect(deps.token.set).toHaveBeenCalledWith('Bearer jwt', true);
    expect(store.getState()).toMatchObject({
      token: 'Bearer jwt',
      roles: ['admin'],
      loadMenus: true,
      user: { username: 'admin', nickName: '管理员' },
    });
  });

  it('gives ROLE_SYSTEM_DEFAULT when the server returns no roles', async () => {
    const { store } = setup();
    await store.getState().channelLogin({ username: 'c', password: 'p' });
    expect(DEFAULT_ROLE).toBe('ROLE_SYSTEM_DEFAULT');
    expect(store.getState().roles).toEqual(['ROLE_SYSTEM_DEFAULT']);

    const second = setup({ getInfo: async () => info([]) }, 'Bearer t');
    await second.store.getState().restore();
    expect(second.store.getState().roles).toEqual(['ROLE_SYSTEM_DEFAULT']);
  });

  it('a failed login leaves the session signed out', async () => {
    const { store, deps } = setup({ login: async () => Promise.reject(new Error('400')) });
    await expect(store.getState().login(form, false)).rejects.toThrow('400');
    expect(deps.token.set).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ token: undefined, roles: [], loadMenus: false });
  });

  it('restore: info → roles → menus', async () => {
    const { store, deps } = setup({}, 'Bearer t');
    const ok = await store.getState().restore();
    expect(ok).toBe(true);
    expect(deps.api.getInfo).toHaveBeenCalledTimes(1);
    expect(deps.api.buildMenus).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ roles: ['online:list'], menus, menusLoaded: true, menusPending: false });
  });

  it('restore asks for the menus without waiting for the info', async () => {
    let answerInfo: (value: UserInfo) => void = () => undefined;
    const { store, deps } = setup({ getInfo: vi.fn(() => new Promise<UserInfo>((resolve) => (answerInfo = resolve))) }, 'Bearer t');
    const restored = store.getState().restore();
    expect(deps.api.getInfo).toHaveBeenCalledTimes(1);
    expect(deps.api.buildMenus).toHaveBeenCalledTimes(1);
    expect(store.getState().menusLoaded).toBe(false);
    answerInfo(info(['online:list']));
    expect(await restored).toBe(true);
    expect(store.getState()).toMatchObject({ roles: ['online:list'], menus, menusLoaded: true });
  });

  it('restore of a session that is gone drops the menus it asked for', async () => {
    const { store } = setup(
      { getInfo: async () => Promise.reject(new Error('401')), buildMenus: async () => Promise.reject(new Error('401')) },
      'Bearer t',
    );
    expect(await store.getState().restore()).toBe(false);
    expect(store.getState()).toMatchObject({ token: undefined, menus: [], roles: [] });
  });

  it('restore runs once however often it is asked for at the same time', async () => {
    const { store, deps } = setup({}, 'Bearer t');
    await Promise.all([store.getState().restore(), store.getState().restore()]);
    expect(deps.api.getInfo).toHaveBeenCalledTimes(1);
  });

  it('failed info → logout and reload', async () => {
    const { store, deps, stored } = setup({ getInfo: async () => Promise.reject(new Error('401')) }, 'Bearer t');
    const ok = await store.getState().restore();
    expect(ok).toBe(false);
    expect(deps.api.logout).toHaveBeenCalledTimes(1);
    expect(deps.token.remove).toHaveBeenCalledTimes(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(deps.reload).toHaveBeenCalledWith(undefined);
    expect(stored()).toBeUndefined();
    expect(store.getState()).toMatchObject({ token: undefined, roles: [] });
    expect(store.getState().menus).toEqual([]); // asked for alongside the info, never shown
  });

  it('failed info of a channel session (405) → logout and a fresh /newLogin', async () => {
    const expired = new AxiosError('405', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 405, statusText: '', headers: {}, config: { headers: new AxiosHeaders() }, data: {},
    });
    const { store, deps, stored } = setup({ getInfo: async () => Promise.reject(expired) }, 'Bearer t');
    expect(await store.getState().restore()).toBe(false);
    expect(deps.api.logout).toHaveBeenCalledTimes(1);
    expect(deps.reload).toHaveBeenCalledWith('/newLogin');
    expect(stored()).toBeUndefined();
  });

  it('a failed menu call still ends with known (empty) menus', async () => {
    const { store } = setup({ buildMenus: async () => Promise.reject(new Error('500')) }, 'Bearer t');
    await store.getState().restore();
    expect(store.getState()).toMatchObject({ menus: [], menusLoaded: true, menusPending: false, roles: ['online:list'] });
  });

  it('refreshMenus resets loadMenus and reloads the menus', async () => {
    const { store, deps } = setup();
    await store.getState().login(form, false);
    expect(store.getState().loadMenus).toBe(true);
    const pending = store.getState().refreshMenus();
    expect(store.getState()).toMatchObject({ loadMenus: false, menusPending: true });
    await pending;
    expect(deps.api.buildMenus).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ loadMenus: false, menus, menusPending: false });
  });

  it('syncMenus picks up permission and menu changes quietly', async () => {
    const later: MenuNode[] = [...menus, { path: '/shop', component: 'Layout', meta: { title: '商城' }, children: [] }];
    const { store, deps } = setup({}, 'Bearer t');
    await store.getState().restore();
    await store.getState().syncMenus(); // right after the fetch: nothing asked
    expect(deps.api.buildMenus).toHaveBeenCalledTimes(1);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + SYNC_AFTER_MS + 1);
    vi.mocked(deps.api.getInfo).mockResolvedValueOnce(info(['online:list', 'user:list']));
    vi.mocked(deps.api.buildMenus).mockResolvedValueOnce(later);
    await store.getState().syncMenus();
    expect(store.getState()).toMatchObject({ roles: ['online:list', 'user:list'], menus: later, menusPending: false });
    vi.mocked(Date.now).mockReturnValue(Date.now() + 2 * SYNC_AFTER_MS + 2);
    vi.mocked(deps.api.buildMenus).mockRejectedValueOnce(new Error('500'));
    await store.getState().syncMenus();
    expect(store.getState().menus).toEqual(later);
    vi.restoreAllMocks();
  });

  it('logout clears token, roles and cookie', async () => {
    const { store, deps, stored } = setup();
    await store.getState().login(form, true);
    await store.getState().logout();
    expect(deps.api.logout).toHaveBeenCalledTimes(1);
    expect(deps.token.remove).toHaveBeenCalledTimes(1);
    expect(stored()).toBeUndefined();
    expect(store.getState()).toMatchObject({ token: undefined, roles: [], user: null, menus: [], loadMenus: false });
  });

  it('logout clears everything even when the server call fails', async () => {
    const { store, deps, stored } = setup({ logout: async () => Promise.reject(new Error('offline')) });
    await store.getState().login(form, true);
    await expect(store.getState().logout()).resolves.toBeUndefined();
    expect(deps.token.remove).toHaveBeenCalledTimes(1);
    expect(stored()).toBeUndefined();
    expect(store.getState()).toMatchObject({ token: undefined, roles: [], user: null });
  });
});
