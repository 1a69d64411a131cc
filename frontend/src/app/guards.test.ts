import { describe, expect, it } from 'vitest';
import { loginRedirect, safeRedirect } from '@/shared/lib/paths';
import { decideGuard, PUBLIC_PATHS, type GuardInput } from './guards';

const base: GuardInput = {
  pathname: '/dashboard',
  search: '',
  hasToken: false,
  rolesLoaded: false,
  loadMenus: false,
  embedded: false,
  hostPath: '/dashboard',
  basePath: '/monomer',
};
const decide = (patch: Partial<GuardInput>) => decideGuard({ ...base, ...patch });

describe('route guards', () => {
  it('signed-in user on /login → /', () => {
    expect(decide({ pathname: '/login', hasToken: true, rolesLoaded: true })).toEqual({ type: 'redirect', to: '/' });
  });

  it('signed-out user on a path that needs sign-in → /login?redirect=<wanted path with query>', () => {
    expect(decide({ pathname: '/system/online', search: '?page=2' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fonline%3Fpage%3D2',
    });
    expect(decide({ pathname: '/dashboard' })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fdashboard' });
  });

  it("a channel operator's page (/mine/…) leads a signed-out user to /newLogin", () => {
    expect(decide({ pathname: '/mine/cert' })).toEqual({ type: 'redirect', to: '/newLogin?redirect=%2Fmine%2Fcert' });
    expect(decide({ pathname: '/mine/contract', search: '?page=2' })).toEqual({
      type: 'redirect',
      to: '/newLogin?redirect=%2Fmine%2Fcontract%3Fpage%3D2',
    });
    expect(decide({ pathname: '/minefield' })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fminefield' });
  });

  it('"/" counts as /dashboard, where it leads', () => {
    expect(decide({ pathname: '/' })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fdashboard' });
  });

  it('signed-out user may open the pages that need no sign-in', () => {
    expect(PUBLIC_PATHS).toEqual(expect.arrayContaining(['/login', '/init', '/newLogin', '/profiling']));
    for (const pathname of PUBLIC_PATHS) expect(decide({ pathname })).toEqual({ type: 'allow' });
  });

  it('signed in without roles → fetch info (then menus)', () => {
    expect(decide({ hasToken: true })).toEqual({ type: 'loadInfo' });
  });

  it('right after sign-in (loadMenus) → reload menus, then allow', () => {
    expect(decide({ hasToken: true, rolesLoaded: true, loadMenus: true })).toEqual({ type: 'loadMenus' });
    expect(decide({ hasToken: true, rolesLoaded: true })).toEqual({ type: 'allow' });
  });

  it('embedded: no sign-in check outside the product base path', () => {
    expect(decide({ embedded: true, hostPath: '/portal/home', pathname: '/system/online' })).toEqual({ type: 'allow' });
    expect(decide({ embedded: true, hostPath: '/monomerx/a' })).toEqual({ type: 'allow' });
  });

  it('embedded: the check applies under /monomer', () => {
    expect(decide({ embedded: true, hostPath: '/monomer/dashboard' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fdashboard',
    });
    expect(decide({ embedded: true, hostPath: '/monomer', pathname: '/' }).type).toBe('redirect');
  });

  it('standalone ignores the host path', () => {
    expect(decide({ hostPath: '/elsewhere' }).type).toBe('redirect');
  });

  it('after sign-in goes to the redirect parameter when it is a path of this app, else /', () => {
    expect(loginRedirect('/a/b?x=1&y=2')).toBe('/login?redirect=%2Fa%2Fb%3Fx%3D1%26y%3D2');
    expect(safeRedirect(new URLSearchParams('redirect=%2Fa%2Fb%3Fx%3D1%26y%3D2').get('redirect'))).toBe('/a/b?x=1&y=2');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
  });

  it('signs in through the host portal before /login when it offers an assertion, on paths that need sign-in', () => {
    const embedded = { embedded: true, hostPath: '/monomer/system/online', pathname: '/system/online' };
    expect(decide({ ...embedded, portalSignIn: true })).toEqual({ type: 'portalSignIn' });
    expect(decide({ ...embedded, portalSignIn: false })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fsystem%2Fonline' });
    expect(decide({ ...embedded, pathname: '/login', hostPath: '/monomer/login', portalSignIn: true })).toEqual({ type: 'allow' });
    expect(decide({ ...embedded, hasToken: true, portalSignIn: true })).toEqual({ type: 'loadInfo' });
  });
});
