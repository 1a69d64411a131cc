import { client } from '@/shared/api';
import { listMessages, STREAM_URL, unreadCount } from './api';
import { LATEST, useNotify } from './store';
import { openStream } from './stream';
import type { StoredMessage } from './types';

/** While the stream is down, the unread count is read this often instead. */
export const POLL_MS = 60_000;

export interface LiveOptions {
  /** A new message arrived (the bell's list and count are already updated). */
  onMessage?: (message: StoredMessage) => void;
  /** The 待办 count changed. */
  onTodo?: (count: number) => void;
  /** Test hook: the stream's fetch. */
  fetch?: typeof fetch;
}

function countOf(data: string): number | null {
  try {
    const n = (JSON.parse(data) as { count?: unknown }).count;
    return typeof n === 'number' && Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

function messageOf(data: string): StoredMessage | null {
  try {
    const m = JSON.parse(data) as StoredMessage;
    return m && typeof m.id === 'number' ? m : null;
  } catch {
    return null;
  }
}

/** How many `unread` events were told: a count read before the latest of them is stale. */
let told = 0;
/** Bumped when a stream stops: answers read for an earlier sign-in are dropped. */
let generation = 0;

/** One event of the stream into the store (and the app's callbacks). A malformed one is dropped. */
export function applyEvent(event: string, data: string, options: LiveOptions = {}): void {
  const store = useNotify.getState();
  if (event === 'message') {
    const m = messageOf(data);
    if (!m) return;
    store.received(m);
    options.onMessage?.(m);
  } else if (event === 'unread') {
    const n = countOf(data);
    if (n === null) return;
    told++;
    store.setUnread(n);
  } else if (event === 'todo') {
    const n = countOf(data);
    if (n === null) return;
    store.setTodo(n);
    options.onTodo?.(n);
  }
}

/** Reads the count and the bell's list (quietly: the header has nothing to say about a failed read). */
export function refresh(): void {
  const at = generation;
  readCount();
  listMessages({ page: 0, size: LATEST }, true).then((p) => at === generation && useNotify.getState().setLatest(p.content ?? []), () => undefined);
}

/** Reads the unread count; an answer overtaken by the stream's own `unread` is dropped. */
function readCount(): void {
  const before = told;
  const at = generation;
  unreadCount({ silent: true }).then((r) => before === told && at === generation && useNotify.getState().setUnread(r.count), () => undefined);
}

/**
 * The signed-in tab's live messages: one stream, the count and list read once, and while the stream
 * is down the count read every POLL_MS. Returns the stop function (logout, unmount), which empties
 * the store.
 */
export function startLive(options: LiveOptions = {}): () => void {
  const store = useNotify.getState();
  refresh();
  const { url, headers } = client.target(STREAM_URL);
  const close = openStream({
    url,
    headers,
    fetch: options.fetch,
    onEvent: (event, data) => applyEvent(event, data, options),
    onState: (c) => useNotify.getState().setConnection(c),
    onRefused: (status) => {
      // The session ended: the client's own handling (the 登录状态已过期 box, or the channel
      // sign-in) is what a request with this session meets now; 403 is not a lost session.
      if (status === 401 || status === 405) unreadCount({ background: true }).catch(() => undefined);
    },
  });
  const poll = setInterval(() => {
    const c = useNotify.getState().connection;
    if (c === 'retrying' || c === 'connecting') readCount();
  }, POLL_MS);
  return () => {
    generation++;
    close();
    clearInterval(poll);
    store.reset();
  };
}
