import { http } from '@/shared/api';
import type { LogRow, Page } from '@/shared/api/contract';

export type { LogRow };

export interface LogQuery {
  page: number;
  size: number;
  blurry?: string;
  username?: string;
  /** part of the action's name (用户: 新增用户, 删除用户 …) */
  action?: string;
  success?: boolean;
  createTime?: string[];
}

/** The list; POST {LOGS_URL}/download and /downloadAll export it. */
export const LOGS_URL = '/api/logs';
export const listLogs = (q: LogQuery) => http.get<Page<LogRow>>(LOGS_URL, { params: q });
