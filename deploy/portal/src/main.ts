// The host portal: registers the mall console ("monomer") as a qiankun micro-app under
// /monomer and keeps its own small pages elsewhere. Settings come from window.__PORTAL__
// (see config.ts / server.mjs), so the same build points at any BFF.
import { addErrorHandler, initGlobalState, prefetchApps, registerMicroApps, start } from 'qiankun';
import { readConfig } from './config';
import { installLinkHandler, isRemotePath, navigate, REMOTE_RULE, render } from './nav';
import './style.css';

declare global {
  interface Window {
    /** Test hook: 'load:monomer', 'mount:monomer', 'unmount:monomer', 'error:monomer' in order. */
    __portalEvents: string[];
    /** Test hook: when each of __portalEvents last happened (performance.now(), ms). */
    __portalTimes: Record<string, number>;
    /** Test hook: messages of lifecycle errors (failed load, failed mount, …). */
    __portalErrors: string[];
    /** Test hook: navigate the portal the way its links do. */
    __portal: { navigate: (path: string) => void; config: ReturnType<typeof readConfig> };
    /** Test hook: the console's unread count as the portal last heard it (mallUnread). */
    __portalUnread: number;
  }
}

export type Assertion = { empNo: string; ts: number; nonce: string; sig: string };

const config = readConfig(window);
window.__portalEvents = [];
window.__portalTimes = {};
window.__portalErrors = [];
window.__portalUnread = 0;
window.__portal = { navigate, config };

function note(event: string): void {
  window.__portalEvents.push(event);
  window.__portalTimes[event] = performance.now();
}

/** Asks the portal's own server to sign "this user is signed in to the portal" (see server.mjs). */
async function getAssertion(): Promise<Assertion> {
  const res = await fetch('/portal/assertion', { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`portal assertion: HTTP ${res.status}`);
  return (await res.json()) as Assertion;
}

const props: Record<string, unknown> = { portal: { name: '宿主门户' } };

// The console's unread messages, shown on its menu entry: qiankun lends the remote
// setGlobalState in its mount props because the state exists (deploy/README.md
// "Unread count from the console"). Only keys present here may be set by the remote.
const shared = initGlobalState({ mallUnread: 0 });
shared.onGlobalStateChange((state) => showUnread(Number((state as { mallUnread?: unknown }).mallUnread) || 0), true);

function showUnread(count: number): void {
  const badge = document.getElementById('portal-unread');
  if (!badge) return;
  badge.hidden = count <= 0;
  badge.textContent = count > 99 ? '99+' : String(count);
  window.__portalUnread = count;
}
if (config.apiBase) props.apiBase = config.apiBase;
if (config.assertion) props.getAssertion = getAssertion;

function showError(message: string): void {
  const box = document.getElementById('portal-error');
  if (!box) return;
  box.hidden = false;
  box.textContent = `商城后台加载失败：${message}`;
}

function clearError(): void {
  const box = document.getElementById('portal-error');
  if (box) box.hidden = true;
}

registerMicroApps(
  [
    {
      name: 'monomer',
      // Must end in '/' and must not be the portal's own /monomer path: qiankun fetches this
      // address's index.html (cross-origin, so the BFF must allow this portal in BFF_PORTAL_ORIGINS).
      entry: config.remoteEntry,
      container: '#subapp',
      activeRule: REMOTE_RULE,
      props,
    },
  ],
  {
    beforeLoad: async (app) => {
      note(`load:${app.name}`);
    },
    afterMount: async (app) => {
      clearError();
      note(`mount:${app.name}`);
    },
    afterUnmount: async (app) => {
      note(`unmount:${app.name}`);
    },
  },
);

// single-spa reports a failed load/bootstrap/mount/unmount here (e.g. the BFF is down or
// refuses CORS); without a handler it would only be thrown asynchronously.
addErrorHandler((err) => {
  const appName = (err as { appOrParcelName?: string }).appOrParcelName ?? 'monomer';
  const message = err instanceof Error ? err.message : String(err);
  note(`error:${appName}`);
  window.__portalErrors.push(message);
  console.error('[portal]', err);
  showError(message);
});

start({
  // A vite-plugin-qiankun remote runs its ES modules outside qiankun's JS sandbox anyway
  // (import() escapes the proxy), so the sandbox only covers the plugin's small inline
  // script; keep the default proxy sandbox for that. No strictStyleIsolation: it puts the
  // remote in a shadow root, and antd popups/messages portalled to the container lose
  // their styles. The remote is responsible for not leaking styles (DECISIONS §1).
  sandbox: true,
  prefetch: false,
});

// Opened on one of the portal's own pages, the console's entry is fetched from the host's idle
// time (requestIdleCallback), so that opening 商城后台 later skips that round trip; the entry's
// code is cached by the browser after its first visit (deploy/README.md "Prefetching the console").
if (!isRemotePath(window.location.pathname)) prefetchApps([{ name: 'monomer', entry: config.remoteEntry }]);

installLinkHandler(document);
render();
