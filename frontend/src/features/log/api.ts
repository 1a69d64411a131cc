import { http } from '@/shared/api';
import type { LogRow, Page } from '@/shared/api/contract';

export type { LogRow };

export interface LogQuery {
  page: number;
  size: number;
  blurry?: string;
  username?: string;
  success?: boolean;
  createTime?: string[];
}

export const listLogs = (q: LogQuery) => http.get<Page<LogRow>>('/api/logs', { params: q });
