import { create } from 'zustand';
import type { StoredMessage } from './types';

/** How many messages the bell lists. */
export const LATEST = 6;

/**
 * The stream's state: idle (signed out or not started), connecting, open, retrying (after an error,
 * with backoff), stopped (the server ended the session: no more tries until the next sign-in).
 */
export type Connection = 'idle' | 'connecting' | 'open' | 'retrying' | 'stopped';

export interface NotifyState {
  unread: number;
  /** The newest messages, newest first, at most LATEST. */
  latest: StoredMessage[];
  /** The 待办 count the stream last told; null until it told one. */
  todo: number | null;
  connection: Connection;
  setUnread: (count: number) => void;
  setLatest: (rows: StoredMessage[]) => void;
  setTodo: (count: number) => void;
  setConnection: (connection: Connection) => void;
  /** A new message: first in the list (a message seen again after a reconnect replaces itself). */
  received: (message: StoredMessage) => void;
  /** Marked read here: the list shows it at once; the count follows from the server (or is lowered here). */
  markedRead: (ids: number[] | 'all') => void;
  reset: () => void;
}

const empty = { unread: 0, latest: [] as StoredMessage[], todo: null, connection: 'idle' as Connection };

export const useNotify = create<NotifyState>((set) => ({
  ...empty,
  setUnread: (count) => set({ unread: Math.max(0, count) }),
  // merged with what the stream told meanwhile (a read answered after a live message must not drop
  // it); ids grow with time, so the highest first is the newest first
  setLatest: (rows) =>
    set((s) => {
      const byId = new Map<number, StoredMessage>();
      for (const m of [...rows, ...s.latest]) if (!byId.has(m.id)) byId.set(m.id, m);
      return { latest: [...byId.values()].sort((a, b) => b.id - a.id).slice(0, LATEST) };
    }),
  setTodo: (count) => set({ todo: Math.max(0, count) }),
  setConnection: (connection) => set({ connection }),
  received: (message) =>
    set((s) => ({ latest: [message, ...s.latest.filter((m) => m.id !== message.id)].sort((a, b) => b.id - a.id).slice(0, LATEST) })),
  markedRead: (ids) =>
    set((s) => {
      if (ids === 'all') return { unread: 0, latest: s.latest.map((m) => ({ ...m, read: true })) };
      const wanted = new Set(ids);
      // only those the list shows are known to have been unread; the server's `unread` corrects the rest
      const fresh = s.latest.filter((m) => wanted.has(m.id) && !m.read).length;
      return {
        unread: Math.max(0, s.unread - fresh),
        latest: s.latest.map((m) => (wanted.has(m.id) ? { ...m, read: true } : m)),
      };
    }),
  reset: () => set(empty),
}));
