import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type AgencyRow = Schemas['AgencyRow'];
export type AgencyLook = Schemas['AgencyLookRow'];
export type OperatorRow = Schemas['AgencyOperatorRow'];
export type AgencyInput = Schemas['AgencyBody'];
export type OperatorInput = Schemas['AgencyOperatorBody'];
export type MineInput = Schemas['AgencyMineBody'];
export type CertStatus = AgencyRow['certStatus'];
export type { Page };

export const CERT_STATUSES: readonly CertStatus[] = ['none', 'pending', 'approved', 'rejected'];

export interface AgencyQuery {
  page: number;
  size: number;
  sort?: string[];
  [filter: string]: string | number | boolean | string[] | undefined;
}

export const AGENCY_URL = '/api/agencies';
/** seed-spec §7: the logo upload (multipart `file`; `?id=` names the agency for staff). */
export const LOGO_URL = '/api/agencyBasicInfo/uploadLogo';
/** The largest logo the BFF takes. */
export const LOGO_MAX_MB = 2;

export const listAgencies = (q: AgencyQuery) => http.get<Page<AgencyRow>>(AGENCY_URL, { params: q });
export const createAgency = (a: AgencyInput) => http.post<{ id: number }>(AGENCY_URL, a);
export const updateAgency = (a: AgencyInput) => http.put<void>(AGENCY_URL, a);
export const deleteAgencies = (ids: number[]) => http.delete<void>(AGENCY_URL, { data: ids });

const operators = (id: number) => `${AGENCY_URL}/${id}/operators`;
export const listOperators = (id: number) => http.get<OperatorRow[]>(operators(id));
export const createOperator = (id: number, o: OperatorInput) => http.post<{ id: number }>(operators(id), o);
export const setOperatorEnabled = (id: number, userId: number, enabled: boolean) =>
  http.put<void>(`${operators(id)}/${userId}/enabled`, { enabled });
export const resetOperatorPassword = (id: number, userId: number, password: string) =>
  http.put<void>(`${operators(id)}/${userId}/password`, { password });

export const getMine = () => http.get<AgencyRow>(`${AGENCY_URL}/mine`);
export const updateMine = (m: MineInput) => http.put<void>(`${AGENCY_URL}/mine`, m);

/** Uploads a logo: for the operator's own agency, the agency id names (staff), or none yet. */
export function uploadLogo(file: File, agencyId?: number): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return http
    .post<Schemas['AgencyLogoAnswer']>(LOGO_URL, form, { params: agencyId ? { id: agencyId } : undefined })
    .then((a) => a.logo);
}
