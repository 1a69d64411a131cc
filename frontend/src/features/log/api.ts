import { http } from '@/shared/api';
import type { Page } from '@/features/user/api';

export interface LogRow {
  id: number;
  username: string;
  method: string;
  path: string;
  route: string;
  requestIp: string;
  browser: string;
  status: number;
  success: boolean;
  time: number;
  createTime: string;
}

export interface LogQuery {
  page: number;
  size: number;
  blurry?: string;
  username?: string;
  success?: boolean;
  createTime?: string[];
}

export const listLogs = (q: LogQuery) => http.get<Page<LogRow>>('/api/logs', { params: q });
