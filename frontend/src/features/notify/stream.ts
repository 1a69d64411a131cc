import type { Connection } from './store';

/** The server ended the session (or refused the stream): trying again would be refused again. */
export class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`message stream refused: ${status}`);
  }
}

/** Statuses that end the stream for good: the session is gone (401; 405 a channel operator's) or not allowed (403). */
const REFUSED = new Set([401, 403, 405]);

/** The event-stream reader, fetched with the stream's first opening: the frame need not carry it. */
const library = () => import('@microsoft/fetch-event-source');

/** Wait before the next try: 1 s, 2 s, 4 s … at most 30 s. */
export function backoff(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
}

export interface StreamOptions {
  url: string;
  headers: Record<string, string>;
  /** One event of the stream; `event` is 'message' when the server named none. */
  onEvent: (event: string, data: string) => void;
  onState: (connection: Connection) => void;
  /** Refused with this status: nothing is tried again. */
  onRefused: (status: number) => void;
  /** Test hook: the fetch used (window.fetch by default). */
  fetch?: typeof fetch;
}

/**
 * Opens the message stream and keeps it open: a dropped or failed connection is tried again after
 * a growing wait, sending Last-Event-ID (the library keeps the last id it saw), so the server
 * sends what was missed. A hidden tab keeps it (openWhenHidden): the count must stay true. Returns
 * the close function.
 */
export function openStream(o: StreamOptions): () => void {
  const ctrl = new AbortController();
  let attempt = 0;
  o.onState('connecting');
  library().then(({ EventStreamContentType, fetchEventSource }) => {
    if (ctrl.signal.aborted) return undefined; // closed while the library was on its way
    return fetchEventSource(o.url, {
      signal: ctrl.signal,
      headers: o.headers,
      openWhenHidden: true,
      fetch: o.fetch,
      onopen: async (res) => {
        if (REFUSED.has(res.status)) throw new StreamRefused(res.status);
        if (!res.ok || !res.headers.get('content-type')?.startsWith(EventStreamContentType)) {
          throw new Error(`message stream answered ${res.status}`);
        }
        attempt = 0;
        o.onState('open');
      },
      onmessage: (ev) => o.onEvent(ev.event || 'message', ev.data),
      // The server (or a proxy) closed it: left alone, the library would stop; go through onerror.
      onclose: () => {
        throw new Error('message stream closed');
      },
      onerror: (err) => {
        if (err instanceof StreamRefused) throw err; // stops the library's loop
        o.onState('retrying');
        return backoff(attempt++);
      },
    });
  }).then(
    () => undefined, // closed by us
    (err: unknown) => {
      o.onState('stopped');
      o.onRefused(err instanceof StreamRefused ? err.status : 0);
    },
  );
  return () => ctrl.abort();
}
