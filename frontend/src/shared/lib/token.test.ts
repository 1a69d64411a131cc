import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { getToken, removeToken, setToken, TOKEN_COOKIE_DAYS, TOKEN_KEY } from './token';

afterEach(() => {
  vi.restoreAllMocks();
  removeToken();
});

describe('token storage', () => {
  it('uses the cookie and storage key EL-ADMIN-TOEKN', () => {
    expect(TOKEN_KEY).toBe('EL-ADMIN-TOEKN');
    setToken('Bearer t1', false);
    expect(document.cookie).toContain('EL-ADMIN-TOEKN=Bearer%20t1');
    expect(localStorage.getItem('EL-ADMIN-TOEKN')).toBe('Bearer t1');
    expect(getToken()).toBe('Bearer t1');
  });

  it('expires the cookie after 1 day with remember-me', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('Bearer t2', true);
    expect(TOKEN_COOKIE_DAYS).toBe(1);
    expect(set).toHaveBeenCalledWith('EL-ADMIN-TOEKN', 'Bearer t2', expect.objectContaining({ expires: 1 }));
  });

  it('writes a session cookie (no expiry) without remember-me', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('Bearer t3', false);
    const options = set.mock.calls[0][2] ?? {};
    expect(options).not.toHaveProperty('expires');
  });

  it('removes cookie and storage copy together', () => {
    setToken('Bearer t4', true);
    removeToken();
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain('EL-ADMIN-TOEKN');
    expect(localStorage.getItem('EL-ADMIN-TOEKN')).toBeNull();
  });

  it('reads the token from the cookie: the storage copy alone does not sign anyone in', () => {
    localStorage.setItem('EL-ADMIN-TOEKN', 'Bearer stale');
    expect(getToken()).toBeUndefined();
  });
});
