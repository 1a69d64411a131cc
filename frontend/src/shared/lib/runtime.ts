/**
 * Where and how the app runs: standalone at `/`, or mounted by a qiankun host under `/monomer`.
 * Set once per mount by main.tsx and reset at unmount, so nothing outlives the mount.
 */
export const PRODUCT_BASE_PATH = '/monomer';

export interface Runtime {
  /** Mounted by a qiankun host. */
  embedded: boolean;
  /** Element the host gave us (embedded) or null (standalone: popups and styles go to document). */
  container: HTMLElement | null;
  /** Router basename: '' standalone, '/monomer' embedded. */
  basename: string;
  /** Origin the API is called on ('' means relative to the page). */
  apiBase: string;
  /**
   * The host portal's signed statement that its user is signed in (qiankun prop `getAssertion`):
   * when present, the app signs in with it instead of showing /login (docs/upstream.md).
   */
  getAssertion?: () => Promise<PortalAssertion>;
}

/** What a host portal's getAssertion gives: an employee number signed with a time and a nonce. */
export interface PortalAssertion {
  empNo: string;
  ts: number | string;
  nonce: string;
  sig: string;
}

/** The host's getAssertion prop, when it is a function. */
export function resolveAssertion(prop: unknown): Runtime['getAssertion'] {
  return typeof prop === 'function' ? (prop as () => Promise<PortalAssertion>) : undefined;
}

/**
 * The origin this code was loaded from. When a host on another origin mounts the app, the
 * entry module still comes from the BFF, so its URL names the BFF; on file: or other odd
 * schemes (tests) requests stay relative to the page.
 */
export function moduleOrigin(moduleUrl: string): string {
  try {
    const url = new URL(moduleUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}

/** API base: the host's `apiBase` prop when given, else the origin the code came from. */
export function resolveApiBase(moduleUrl: string, override?: unknown): string {
  if (typeof override === 'string' && override.trim() !== '') {
    return override.trim().replace(/\/+$/, '');
  }
  return moduleOrigin(moduleUrl);
}

/**
 * Router basename: only the path part (a host may pass an absolute base such as
 * `https://portal/monomer/`), without a trailing slash.
 */
export function resolveBasename(embedded: boolean, override?: unknown): string {
  if (!embedded) return '';
  const raw = typeof override === 'string' && override.trim() !== '' ? override.trim() : PRODUCT_BASE_PATH;
  let path: string;
  try {
    path = new URL(raw, 'http://base.invalid').pathname;
  } catch {
    path = PRODUCT_BASE_PATH;
  }
  path = path.replace(/\/+$/, '');
  return path === '' ? PRODUCT_BASE_PATH : path;
}

const standalone: Runtime = { embedded: false, container: null, basename: '', apiBase: '' };
let current: Runtime = standalone;

export function getRuntime(): Runtime {
  return current;
}

export function setRuntime(next: Runtime): void {
  current = next;
}

export function resetRuntime(): void {
  current = standalone;
}

/** A path the API serves (an uploaded file, an avatar) as the browser must load it: on the API's origin. */
export function apiUrl(path: string): string {
  if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return path;
  return getRuntime().apiBase + path;
}
