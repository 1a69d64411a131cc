import { http } from '@/shared/api';
import type { PortalAssertion } from '@/shared/lib/runtime';
import type { Captcha, ChannelLoginForm, LoginForm, LoginResult, MenuNode, UserInfo } from './types';

export function login(form: LoginForm): Promise<LoginResult> {
  return http.postForm<LoginResult>('/api/auth/login', {
    username: form.username,
    password: form.password,
    code: form.code,
    uuid: form.uuid,
  });
}

/** Silent: a refused assertion is not an expired session; the guard falls back to /login with the reason. */
export function loginAccount(a: PortalAssertion): Promise<LoginResult> {
  return http.postForm<LoginResult>(
    '/api/auth/loginAccount',
    { empNo: a.empNo, ts: String(a.ts), nonce: a.nonce, sig: a.sig },
    { silent: true },
  );
}

export function channelLogin(form: ChannelLoginForm): Promise<LoginResult> {
  return http.postForm<LoginResult>('/background/common/tj/login', {
    username: form.username,
    password: form.password,
  });
}

export function getCaptcha(): Promise<Captcha> {
  return http.get<Captcha>('/api/auth/code');
}

/** Silent: a failure logs the user out and reloads (docs/decisions.md "Running and configuration"), no box in between. */
export function getInfo(): Promise<UserInfo> {
  return http.get<UserInfo>('/api/auth/info', { silent: true });
}

/** Silent: logout clears the local session whatever the server says. */
export function logout(): Promise<unknown> {
  return http.delete('/api/auth/logout', { silent: true });
}

/** Not silent: a page that shows fresh profile data lets the client report a dead session. */
export function getProfile(): Promise<UserInfo> {
  return http.get<UserInfo>('/api/auth/info');
}

/** The signed-in user's menu tree; the session loads it after sign-in and on navigation. */
export function buildMenus(): Promise<MenuNode[]> {
  return http.get<MenuNode[]>('/api/menus/build');
}

/** GET /api/init/check: whether the first administrator has been set up (/init). Quiet: the sign-in page works without it. */
export function initialized(): Promise<boolean> {
  return http.get<{ initialized: boolean }>('/api/init/check', { silent: true }).then((r) => r.initialized !== false);
}
