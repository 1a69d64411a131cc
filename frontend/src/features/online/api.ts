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

/** GET /api/auth/online (permission online:list). */
export function listOnline(query: OnlineQuery): Promise<Page<OnlineSession>> {
  return http.get<Page<OnlineSession>>('/api/auth/online', {
    params: { page: query.page, size: query.size, filter: query.filter ?? '' },
  });
}

/** DELETE /api/auth/online (permission online:del): ends the sessions at once. */
export function kickOnline(sessionIds: string[]): Promise<void> {
  return http.delete<void>('/api/auth/online', { data: sessionIds });
}
