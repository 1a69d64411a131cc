import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type CertRow = Schemas['CertRow'];
export type CertBody = Schemas['CertBody'];
export type Card = Schemas['OcrCard'];
export type CertStatus = CertRow['status'];
export type Side = 'front' | 'back';
export type { Page };

export const CERT_URL = '/api/olEnterpriseCert';
export const CERT_STATUSES: readonly CertStatus[] = ['pending', 'approved', 'rejected'];

/** The operator's agency's certification, null before the first submission. */
export const getMine = () => http.get<Schemas['CertMineAnswer']>(`${CERT_URL}/mine`).then((a) => a.cert);
/** Submit, or resubmit after a rejection. */
export const submitCert = (b: CertBody) => http.post<{ id: number }>(CERT_URL, b);
/**
 * Reads one side of an uploaded identity card (seed-spec §7). Silent: the form says why it failed
 * next to the upload, and clears it.
 */
export const readCard = (fileId: number, side: Side) =>
  http.get<Card>(`${CERT_URL}/ocrIdCard`, { params: { fileId, side }, silent: true });

export interface CertQuery {
  page: number;
  size: number;
  status?: string;
  blurry?: string;
}

export const listCerts = (q: CertQuery) => http.get<Page<CertRow>>(CERT_URL, { params: q });
export const getCert = (id: number) => http.get<CertRow>(`${CERT_URL}/${id}`);
export const auditCert = (id: number, approve: boolean, reason: string) =>
  http.put<void>(`${CERT_URL}/${id}/audit`, { approve, reason });
