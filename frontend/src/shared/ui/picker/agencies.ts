import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

/** An agency as the 渠道 picker offers it (GET /api/agencies/options). */
export type AgencyOption = Schemas['AgencyOption'];

/** How long typing pauses before the picker asks the BFF (one request per pause, not per key). */
export const AGENCY_SEARCH_DELAY_MS = 300;

/**
 * At most 20 agencies by name, enabled or not: those whose name or code contains blurry, or the
 * ones named by ids (a preset filter's name). A channel session is offered its own agency only.
 */
export function agencyOptions(q: { blurry?: string; ids?: number[] }): Promise<AgencyOption[]> {
  const params: Record<string, string> = {};
  if (q.blurry) params.blurry = q.blurry;
  if (q.ids && q.ids.length > 0) params.ids = q.ids.join(',');
  return http.get<AgencyOption[]>('/api/agencies/options', { params });
}

/** What a list shows for a row's agency: its name, `#id` when the agency is gone, undefined for the shop's own. */
export function agencyLabel(row: { agencyId?: number | null; agencyName?: string }): string | undefined {
  if (!row.agencyId) return undefined;
  return row.agencyName || `#${row.agencyId}`;
}
