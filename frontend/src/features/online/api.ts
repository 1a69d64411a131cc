import { http } from '@/shared/api';

export interface OnlineSession {
  sessionId: string;
  username: string;
  nickName: string;
  dept: string | { id: number; name: string } | null;
  ip: string;
  browser: string;
  kind: 'staff' | 'channel' | string;
  loginTime: string;
  current: boolean;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
}

export interface OnlineQuery {
  /** 0-based (eladmin style). */
  page: number;
  size: number;
  filter?: string;
}

/** List, export ({url}/download, /downloadAll) and kick-out (DELETE with session ids). */
export const ONLINE_URL = '/api/auth/online';

/** GET /api/auth/online (permission online:list). */
export function listOnline(query: OnlineQuery): Promise<Page<OnlineSession>> {
  return http.get<Page<OnlineSession>>(ONLINE_URL, {
    params: { page: query.page, size: query.size, filter: query.filter ?? '' },
  });
}
