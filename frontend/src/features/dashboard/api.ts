import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

export type Overview = Schemas['DashboardAnswer'];
export type OrderStatus = Overview['statuses'][number]['status'];

export interface Period {
  start: string;
  end: string;
}

/** GET /api/dashboard: the signed-in user's overview (the shop, or their agency). */
export const getOverview = (p: Period, silent = false) => http.get<Overview>('/api/dashboard', { params: p, silent });

/**
 * GET /api/profiling: the whole shop's overview without a session, when the BFF is in public
 * mode; otherwise 404 (silent: the wall display then asks for sign-in).
 */
export const getPublicOverview = (p: Period) => http.get<Overview>('/api/profiling', { params: p, silent: true });
