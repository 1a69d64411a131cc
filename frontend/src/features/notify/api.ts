import { http } from '@/shared/api';
import type { Page } from '@/shared/lib/page';
import type { StoredMessage, TypeSetting } from './types';

export const MESSAGES_URL = '/api/messages';
/** The live stream (SSE); opened by stream.ts with the same base and token as every other call. */
export const STREAM_URL = '/api/messages/stream';

export interface MessageQuery {
  /** 0-based, as every list of the BFF (httpx.ParsePage). */
  page: number;
  size: number;
  type?: string;
  /** 'false': unread only; absent: all. */
  read?: boolean;
}

export const listMessages = (q: MessageQuery, silent = false) =>
  http.get<Page<StoredMessage>>(MESSAGES_URL, { params: q, silent });
/** silent: failures untold; background: a lost session is told only if nobody told it yet. */
export const unreadCount = (how: { silent?: boolean; background?: boolean } = {}) =>
  http.get<{ count: number }>('/api/messages/unread-count', how);
export const markRead = (ids: number[]) => http.put<void>('/api/messages/read', { ids });
export const markAllRead = () => http.put<void>('/api/messages/read', { all: true });
export const getSettings = () => http.get<TypeSetting[]>('/api/messages/settings');
/** `off`: the types the user turned off. */
export const saveSettings = (off: string[]) => http.put<void>('/api/messages/settings', { off });
