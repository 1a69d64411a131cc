import { create, type StoreApi, type UseBoundStore } from 'zustand';
import * as authApi from './api';
import type { ChannelLoginForm, LoginForm, LoginResult, MenuNode, UserInfo, UserProfile } from './types';
import { isAxiosError } from 'axios';
import { getRuntime, type PortalAssertion } from '@/shared/lib/runtime';
import { getToken, removeToken, setToken } from '@/shared/lib/token';

/** Role given to a user the server returns no roles for (docs/decisions.md "Users and menus"). */
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';

export interface SessionDeps {
  api: {
    login: (form: LoginForm) => Promise<LoginResult>;
    channelLogin: (form: ChannelLoginForm) => Promise<LoginResult>;
    loginAccount: (a: PortalAssertion) => Promise<LoginResult>;
    getInfo: () => Promise<UserInfo>;
    logout: () => Promise<unknown>;
    buildMenus: () => Promise<MenuNode[]>;
  };
  token: {
    get: () => string | undefined;
    set: (token: string, rememberMe: boolean) => void;
    remove: () => void;
  };
  /** Reloads the page, or loads `path` (inside the app's base) as a fresh page. */
  reload: (path?: string) => void;
}

export interface SessionState {
  token: string | undefined;
  user: UserProfile | null;
  /** Empty until user info arrived: the guard then fetches info and menus. */
  roles: string[];
  /** Set by sign-in: the next navigation reloads the menus and resets it (docs/decisions.md "Users and menus"). */
  loadMenus: boolean;
  menus: MenuNode[];
  /** The menu tree was asked for at least once in this session (routes are known). */
  menusLoaded: boolean;
  /** Info or menus are on their way: dynamic routes are not known yet. */
  menusPending: boolean;
  /** The host portal's sign-in was tried in this mount (once: after a logout the form shows). */
  portalTried: boolean;
  /** The host portal's sign-in is on its way: the guard waits rather than show /login. */
  portalPending: boolean;
  /** Why the host portal's sign-in failed, shown on /login; undefined when it did not. */
  portalRefused: string | undefined;

  login: (form: LoginForm, rememberMe: boolean) => Promise<void>;
  channelLogin: (form: ChannelLoginForm) => Promise<void>;
  /** Takes the session another call answered with (the first-run set-up signs its administrator in). */
  adopt: (result: LoginResult) => void;
  /** Signs in with the host portal's assertion; on failure records the reason (never throws). */
  portalLogin: (getAssertion: () => Promise<PortalAssertion>) => Promise<void>;
  /** Roles empty: info, then menus. A failed info logs out and reloads; resolves false then. */
  restore: () => Promise<boolean>;
  /** loadMenus set: reset the flag and fetch the menus again. */
  refreshMenus: () => Promise<void>;
  /**
   * Every later navigation: fetch permissions and menus again, quietly (no spinner, no error
   * shown), so that menu and role changes take effect on the user's next navigation.
   */
  syncMenus: () => Promise<void>;
  /** Server logout; token, roles and cookie are cleared even when the call fails. */
  logout: () => Promise<void>;
  /** Forget the in-memory session (no server call, token storage untouched). */
  reset: () => void;
}

function statusOf(err: unknown): number | undefined {
  return isAxiosError(err) ? err.response?.status : undefined;
}

/** The server's message for a refused call, else the error's own text. */
function reasonOf(err: unknown): string {
  if (isAxiosError(err)) {
    const msg = (err.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof msg === 'string' && msg !== '') return msg;
  }
  return err instanceof Error && err.message ? err.message : String(err);
}

export function rolesOf(info: UserInfo): string[] {
  return info.roles && info.roles.length > 0 ? [...info.roles] : [DEFAULT_ROLE];
}

/** A navigation within this time of the last menu fetch does not fetch them again. */
export const SYNC_AFTER_MS = 3000;

export type SessionStore = UseBoundStore<StoreApi<SessionState>>;

export function createSessionStore(deps: SessionDeps): SessionStore {
  const empty = () => ({
    token: deps.token.get(),
    user: null,
    roles: [] as string[],
    loadMenus: false,
    menus: [] as MenuNode[],
    menusLoaded: false,
    menusPending: false,
    portalTried: false,
    portalPending: false,
    portalRefused: undefined as string | undefined,
  });

  return create<SessionState>((set, get) => {
    let restoring: Promise<boolean> | null = null;
    let menusAt = 0; // when the menus were last asked for

    const signedIn = (result: LoginResult, rememberMe: boolean) => {
      deps.token.set(result.token, rememberMe);
      set({
        token: result.token,
        user: result.user.user,
        roles: rolesOf(result.user),
        loadMenus: true,
      });
    };

    const fetchMenus = async (asked?: Promise<MenuNode[]>) => {
      menusAt = Date.now();
      set({ menusPending: true });
      try {
        const menus = await (asked ?? deps.api.buildMenus());
        set({ menus: Array.isArray(menus) ? menus : [], menusLoaded: true, menusPending: false });
      } catch {
        // The client already told the user; the fixed routes still work.
        set({ menus: [], menusLoaded: true, menusPending: false });
      }
    };

    const doRestore = async (): Promise<boolean> => {
      set({ menusPending: true });
      // Both at once (issue 32): the menus do not depend on the info's answer, only on the
      // session, and a page load waited for one round trip after the other.
      const asked = deps.api.getInfo();
      const menus = deps.api.buildMenus();
      menus.catch(() => undefined); // read below, or dropped with a session that is gone
      let info: UserInfo;
      try {
        info = await asked;
      } catch (err) {
        await get().logout();
        // A channel operator's session answers 405: the fresh page is their own sign-in.
        deps.reload(statusOf(err) === 405 ? '/newLogin' : undefined);
        return false;
      }
      set({ user: info.user, roles: rolesOf(info) });
      await fetchMenus(menus);
      return true;
    };

    return {
      ...empty(),

      login: async (form, rememberMe) => {
        signedIn(await deps.api.login(form), rememberMe);
      },

      channelLogin: async (form) => {
        signedIn(await deps.api.channelLogin(form), false);
      },

      adopt: (result) => signedIn(result, false),

      portalLogin: async (getAssertion) => {
        if (get().portalTried) return;
        set({ portalTried: true, portalPending: true });
        try {
          signedIn(await deps.api.loginAccount(await getAssertion()), false);
        } catch (err) {
          set({ portalRefused: reasonOf(err) });
        } finally {
          set({ portalPending: false });
        }
      },

      restore: () => {
        // One restore at a time, however many renders ask for it.
        restoring ??= doRestore().finally(() => {
          restoring = null;
        });
        return restoring;
      },

      refreshMenus: async () => {
        set({ loadMenus: false });
        await fetchMenus();
      },

      syncMenus: async () => {
        // Just fetched (sign-in, reload, a redirect right after them): nothing can have changed.
        if (!get().token || get().roles.length === 0 || get().menusPending || Date.now() - menusAt < SYNC_AFTER_MS) return;
        menusAt = Date.now();
        try {
          const [info, menus] = await Promise.all([deps.api.getInfo(), deps.api.buildMenus()]);
          const roles = rolesOf(info);
          const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
          if (!same(roles, get().roles)) set({ roles });
          if (Array.isArray(menus) && !same(menus, get().menus)) set({ menus });
        } catch {
          // the request client handles 401/405; anything else leaves the session as it was
        }
      },

      logout: async () => {
        try {
          await deps.api.logout();
        } catch {
          // cleared below all the same
        } finally {
          deps.token.remove();
          set({ ...empty(), token: undefined, portalTried: get().portalTried });
        }
      },

      reset: () => set(empty()),
    };
  });
}

export const useSession = createSessionStore({
  api: {
    login: authApi.login,
    channelLogin: authApi.channelLogin,
    loginAccount: authApi.loginAccount,
    getInfo: authApi.getInfo,
    logout: authApi.logout,
    buildMenus: authApi.buildMenus,
  },
  token: { get: getToken, set: setToken, remove: removeToken },
  reload: (path) => {
    if (path) window.location.assign(getRuntime().basename + path);
    else window.location.reload();
  },
});
