import { http } from '@/shared/api';
import type { OnlineSession, Page } from '@/shared/api/contract';

export type { OnlineSession, Page };

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
