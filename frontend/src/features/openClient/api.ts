import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type OpenClientRow = Schemas['StorefrontClientRow'];
export type OpenClientInput = Schemas['StorefrontClientBody'];
/** A client's id and secret: answered by 新建 and 轮换密钥 only, never listed. */
export type IssuedSecret = Schemas['StorefrontIssuedRow'];
export type { Page };

export const OPEN_CLIENTS_URL = '/api/openClients';

/** GET /api/openClients (openClient:list). */
export const listOpenClients = (q: { page: number; size: number }) =>
  http.get<Page<OpenClientRow>>(OPEN_CLIENTS_URL, { params: q });
/** POST /api/openClients (openClient:add): the answer holds the secret, this once. */
export const createOpenClient = (c: OpenClientInput) => http.post<IssuedSecret>(OPEN_CLIENTS_URL, c);
/** POST /api/openClients/{id}/rotate (openClient:edit): a new secret, the old one stops at once. */
export const rotateOpenClient = (id: number) => http.post<IssuedSecret>(`${OPEN_CLIENTS_URL}/${id}/rotate`);
/** DELETE /api/openClients/{id} (openClient:del): revoked for good. */
export const revokeOpenClient = (id: number) => http.delete<void>(`${OPEN_CLIENTS_URL}/${id}`);
