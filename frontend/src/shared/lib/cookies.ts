import Cookies from 'js-cookie';

/** Small typed wrappers over the cookies the console keeps besides the token. */
export const COOKIE_SIDEBAR = 'sidebarStatus';
export const COOKIE_SIZE = 'size';
export const COOKIE_USERNAME = 'username';
export const COOKIE_REMEMBER = 'rememberMe';

export function readCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function writeCookie(name: string, value: string, days?: number): void {
  Cookies.set(name, value, days ? { expires: days, sameSite: 'Lax' } : { sameSite: 'Lax' });
}

export function deleteCookie(name: string): void {
  Cookies.remove(name);
}
