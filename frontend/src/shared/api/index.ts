import { AxiosError } from 'axios';
import { getToken, removeToken } from '@/shared/lib/token';
import { getRuntime } from '@/shared/lib/runtime';
import { t, useLanguage } from '@/shared/lib/i18n';
import { createClient, type ClientBindings } from './client';

export type { ClientBindings, ConfirmOptions, Http } from './client';
export { failureOf, fieldText, type ApiFailure, type FieldFailure } from './errors';
export { LIMITS } from './limits';

let bindings: ClientBindings | null = null;
/** The app is mounted but has not lent its UI hooks yet (they load just after the first render). */
let waiting = false;
let queue: Array<(b: ClientBindings) => void> = [];
const MAX_QUEUED = 10;

function viaBindings(run: (b: ClientBindings) => void): void {
  if (bindings) run(bindings);
  else if (waiting && queue.length < MAX_QUEUED) queue.push(run);
}

/** Stands in while the app is mounted but its UI hooks are not there yet: replays on bind. */
const deferred: ClientBindings = {
  navigate: (to, afterwards) => viaBindings((b) => b.navigate(to, afterwards)),
  confirm: (options) => viaBindings((b) => b.confirm(options)),
  notifyError: (message, duration) => viaBindings((b) => b.notifyError(message, duration)),
  logout: () => new Promise((resolve, reject) => viaBindings((b) => void b.logout().then(resolve, reject))),
  resetSession: () => viaBindings((b) => b.resetSession()),
  reload: () => viaBindings((b) => b.reload()),
};

/** The app's one client. Usable outside React; UI hooks are lent by the app while it is mounted. */
export const client = createClient({
  getToken,
  removeToken,
  getApiBase: () => getRuntime().apiBase,
  getBindings: () => bindings ?? (waiting ? deferred : null),
  translate: (key) => t(key),
  language: () => useLanguage.getState().language,
});

export const http = client.http;

/**
 * Mount: errors before the UI hooks arrive are kept and shown once they do.
 * Unmount: nothing is kept, and errors of late requests go nowhere.
 */
export function expectBindings(mounted: boolean): void {
  waiting = mounted;
  if (!mounted) queue = [];
}

/**
 * A request error nobody awaited (a row action's promise, say) has already been told to the user
 * by the client: it is not also an uncaught error of the page.
 */
function toldAlready(event: PromiseRejectionEvent): void {
  if (event.reason instanceof AxiosError) event.preventDefault();
}

/** The error notices on screen go away (they were about a try that a later one has undone). */
export function dismissErrors(): void {
  bindings?.dismissErrors?.();
}

/** Lend the client its UI hooks; the returned function takes them back (unmount). */
export function bindClient(next: ClientBindings): () => void {
  bindings = next;
  const replay = queue;
  queue = [];
  replay.forEach((run) => run(next));
  globalThis.addEventListener?.('unhandledrejection', toldAlready);
  return () => {
    globalThis.removeEventListener?.('unhandledrejection', toldAlready);
    if (bindings === next) bindings = null;
  };
}
