// Run-time settings of the portal. server.mjs injects them into index.html as
// window.__PORTAL__ (from PORTAL_REMOTE_ENTRY, PORTAL_API_BASE, PORTAL_SECRET), so one
// build serves any environment. Under `vite` (dev) nothing is injected and the
// defaults below apply.

export type PortalConfig = {
  /** Where qiankun fetches the remote's index.html. Absolute, ends in '/'. */
  remoteEntry: string;
  /** Optional API base handed to the remote in its props; null → the remote uses its own origin. */
  apiBase: string | null;
  /** True when server.mjs can sign portal assertions (GET /portal/assertion). */
  assertion: boolean;
};

declare global {
  interface Window {
    __PORTAL__?: Partial<PortalConfig>;
  }
}

export const DEFAULT_REMOTE_ENTRY = 'http://127.0.0.1:8000/';

export function readConfig(win: Window): PortalConfig {
  const raw = win.__PORTAL__ ?? {};
  let remoteEntry = typeof raw.remoteEntry === 'string' && raw.remoteEntry ? raw.remoteEntry : DEFAULT_REMOTE_ENTRY;
  // qiankun resolves the remote's relative URLs against the entry; without the trailing
  // slash the last path segment would be dropped.
  if (!remoteEntry.endsWith('/')) remoteEntry += '/';
  const apiBase = typeof raw.apiBase === 'string' && raw.apiBase ? raw.apiBase : null;
  return { remoteEntry, apiBase, assertion: raw.assertion === true };
}
