import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { setToken, removeToken } from '@/shared/lib/token';
import { startLive } from './live';
import { useNotify } from './store';
import { backoff } from './stream';
import type { StoredMessage } from './types';

const msg = (id: number, over: Partial<StoredMessage> = {}): StoredMessage => ({
  id,
  type: 'order_to_ship',
  title: `订单 ${id} 待发货`,
  body: '',
  link: `/look?type=order&id=${id}`,
  read: false,
  createTime: '2026-11-28T10:00:00Z',
  readTime: null,
  ...over,
});

/** A stream answer: the given SSE text, then the body ends (the server closed it). */
function sse(text: string, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      if (text) c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });
  return new Response(status === 200 ? body : null, { status, headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' } });
}

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/messages/unread-count', () => ({ status: 200, body: { count: 4 } }));
  bff.on('GET /api/messages', () => ({ status: 200, body: { content: [msg(1)], totalElements: 1 } }));
  client.axios.defaults.adapter = bff.adapter;
  setToken('Bearer abc', false);
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useNotify.getState().reset();
  removeToken();
  vi.useRealTimers();
});

describe('message stream', () => {
  it('reads count and list, then the events update unread, the list and 待办', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const seen: Array<{ url: string; headers: Record<string, string> }> = [];
    const todo: number[] = [];
    const told: StoredMessage[] = [];
    let answered = false;
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), headers: init?.headers as Record<string, string> });
      if (answered) return new Promise<Response>(() => undefined); // the next try waits forever
      answered = true;
      return sse(
        'event: unread\ndata: {"count":7}\n\n' +
          'event: todo\ndata: {"count":2}\n\n' +
          `event: message\nid: 9\ndata: ${JSON.stringify(msg(9))}\n\n` +
          'event: message\ndata: not json\n\n',
      );
    });
    const stop = startLive({ fetch, onTodo: (n) => todo.push(n), onMessage: (m) => told.push(m) });
    await vi.waitFor(() => expect(useNotify.getState().latest.map((m) => m.id)).toEqual([9, 1]));
    const s = useNotify.getState();
    expect(s.unread).toBe(7);
    expect(s.todo).toBe(2);
    expect(todo).toEqual([2]);
    expect(told.map((m) => m.id)).toEqual([9]);
    // the token in the header exactly as the client sends it, never in the URL
    expect(seen[0].url).toBe('/api/messages/stream');
    expect(seen[0].headers.Authorization).toBe('Bearer abc');
    // the server closed the stream: it is opened again, with the last id it saw
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.length).toBe(2);
    expect(seen[1].headers['last-event-id']).toBe('9');
    stop();
    expect(useNotify.getState().unread).toBe(0);
    expect(useNotify.getState().connection).toBe('idle');
  });

  it('stops for good on 401 and hands over to the expired-session handling', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const fetch = vi.fn(async () => sse('', 401));
    const stop = startLive({ fetch });
    await vi.waitFor(() => expect(useNotify.getState().connection).toBe('stopped'));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    // a plain request with the session: the client meets the 401 and shows its box
    const handover = bff.calls.filter((c) => c.path === '/api/messages/unread-count').length;
    expect(handover).toBeGreaterThanOrEqual(2);
    stop();
  });

  it('tries again after an error with a growing wait, and polls the count while down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const fetch = vi.fn(async () => sse('', 502));
    const stop = startLive({ fetch });
    await vi.waitFor(() => expect(useNotify.getState().connection).toBe('retrying'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    const reads = () => bff.calls.filter((c) => c.path === '/api/messages/unread-count').length;
    const before = reads();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads()).toBe(before + 1);
    stop();
    const tries = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch.mock.calls.length).toBe(tries);
    expect([0, 1, 2, 5, 9].map(backoff)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
});

describe('notify store', () => {
  it('keeps six, newest first, and marking read lowers the count by the unread ones', () => {
    const s = useNotify.getState();
    s.setUnread(10);
    for (let i = 1; i <= 8; i++) s.received(msg(i, { read: i === 8 }));
    expect(useNotify.getState().latest.map((m) => m.id)).toEqual([8, 7, 6, 5, 4, 3]);
    useNotify.getState().markedRead([8, 7, 6]);
    expect(useNotify.getState().unread).toBe(8);
    useNotify.getState().markedRead('all');
    expect(useNotify.getState().unread).toBe(0);
    expect(useNotify.getState().latest.every((m) => m.read)).toBe(true);
  });
});
