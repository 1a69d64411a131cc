import { loginRedirect } from '@/shared/lib/paths';

/** Where "/" leads (docs/decisions.md "Users and menus"). Like a router redirect, it applies before the guard looks. */
export const HOME_PATH = '/dashboard';

/** Paths open without sign-in (docs/decisions.md "Users and menus" fixed table; error pages too). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/init', '/newLogin', '/profiling', '/404', '/401'];

export interface GuardInput {
  /** Router path (inside the basename). */
  pathname: string;
  /** Query string of the router location, with its "?" or empty. */
  search: string;
  hasToken: boolean;
  /** Roles arrived (user info fetched in this session). */
  rolesLoaded: boolean;
  /** Set by sign-in: reload menus on this navigation. */
  loadMenus: boolean;
  embedded: boolean;
  /** The browser's full path (window.location.pathname), which a host owns when embedded. */
  hostPath: string;
  /** The product's base path in a host ('/monomer'). */
  basePath: string;
  /** The host passed getAssertion, and its sign-in was not tried yet in this mount or is under way. */
  portalSignIn?: boolean;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  | { type: 'loadInfo' }
  | { type: 'loadMenus' }
  | { type: 'portalSignIn' };

/** The browser's path is the product's base path or below it. */
export function underBase(hostPath: string, basePath: string): boolean {
  return hostPath === basePath || hostPath.startsWith(`${basePath}/`);
}

/**
 * Where a navigation may go (docs/decisions.md "Users and menus"):
 * embedded outside the product's base path → no check; signed in on /login → /;
 * signed in without roles → fetch info and menus; sign-in just happened → reload menus;
 * signed out on a path that needs sign-in → the host portal's sign-in when it offers one and it
 * was not tried yet, else /login?redirect=<wanted path>.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  if (input.embedded && !underBase(input.hostPath, input.basePath)) return { type: 'allow' };
  if (input.hasToken) {
    if (input.pathname === '/login') return { type: 'redirect', to: '/' };
    if (!input.rolesLoaded) return { type: 'loadInfo' };
    if (input.loadMenus) return { type: 'loadMenus' };
    return { type: 'allow' };
  }
  if (PUBLIC_PATHS.includes(input.pathname)) return { type: 'allow' };
  // The host portal vouches for its user: sign in with that, once, before showing /login.
  if (input.portalSignIn) return { type: 'portalSignIn' };
  const wanted = input.pathname === '/' ? HOME_PATH : input.pathname;
  return { type: 'redirect', to: loginRedirect(`${wanted}${input.search}`) };
}
