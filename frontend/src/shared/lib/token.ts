import Cookies from 'js-cookie';

/** Cookie and localStorage key of the session token (docs/decisions.md "Running and configuration"; the misspelling is the spec's). */
export const TOKEN_KEY = 'EL-ADMIN-TOEKN';
/** Token cookie lifetime in days when remember-me is chosen (docs/decisions.md "Running and configuration"). */
export const TOKEN_COOKIE_DAYS = 1;

/**
 * The cookie is the source of truth: without remember-me it is a session cookie, so closing the
 * browser signs the user out even though the localStorage copy is still there. The localStorage
 * copy mirrors it for code that reads storage (docs/decisions.md "Running and configuration") and goes away with logout.
 */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_KEY) || undefined;
}

export function setToken(token: string, rememberMe: boolean): void {
  if (rememberMe) {
    Cookies.set(TOKEN_KEY, token, { expires: TOKEN_COOKIE_DAYS, sameSite: 'Lax' });
  } else {
    Cookies.set(TOKEN_KEY, token, { sameSite: 'Lax' });
  }
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // storage unavailable: the cookie alone carries the session
  }
}

export function removeToken(): void {
  Cookies.remove(TOKEN_KEY);
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing stored
  }
}
