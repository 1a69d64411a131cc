import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type ContractRow = Schemas['ContractRow'];
export type ContractDetail = Schemas['ContractDetailRow'];
export type TemplateRow = Schemas['ContractTemplateRow'];
export type ContractVar = Schemas['ContractVar'];
export type ContractStatus = 'draft' | 'pending_sign' | 'signed' | 'expired' | 'terminated';
export type ContractAction = 'submit' | 'sign' | 'terminate';
export type { Page };

export const CONTRACT_STATUSES: readonly ContractStatus[] = ['draft', 'pending_sign', 'signed', 'expired', 'terminated'];

/** Upload types of POST /api/contract/upload (docs/api.md "Contracts"). */
export const TEMPLATE_FILE = 'contractTemplate';
export const CONTRACT_FILE = 'contract';
/** The BFF's limit of a template or a scan. */
export const MAX_PDF_MB = 20;

/** Which actions a contract in an (effective) status allows: the BFF's machine, for the buttons. */
export const MOVES: Record<ContractAction, readonly ContractStatus[]> = {
  submit: ['draft'],
  sign: ['pending_sign'],
  terminate: ['pending_sign', 'signed'],
};

export const canMove = (status: string, action: ContractAction) => (MOVES[action] as readonly string[]).includes(status);
/**
 * Whether a row offers action: the machine's move, and 标记已签署 only once a signed scan is
 * attached (the BFF refuses it without one, 409 files).
 */
export const canMoveRow = (row: Pick<ContractRow, 'status' | 'scans'>, action: ContractAction) =>
  canMove(row.status, action) && (action !== 'sign' || row.scans > 0);
export const editable = (status: string) => status === 'draft' || status === 'pending_sign';

export interface ContractInput {
  id?: number;
  name: string;
  agencyId: number;
  templateId?: number;
  startDate: string;
  endDate: string;
  amount: string;
  remark: string;
}

export interface TemplateInput {
  id?: number;
  name: string;
  version: string;
  fileId: number;
  variables: ContractVar[];
  validMonths: number;
  enabled: boolean;
}

export interface ListQuery {
  page: number;
  size: number;
  sort?: string[];
  [filter: string]: string | number | boolean | string[] | undefined;
}

export const CONTRACT_URL = '/api/contracts';
export const TEMPLATE_URL = '/api/contractTemplates';

export const listContracts = (q: ListQuery) => http.get<Page<ContractRow>>(CONTRACT_URL, { params: q });
export const getContract = (id: number) => http.get<ContractDetail>(`${CONTRACT_URL}/${id}`);
export const createContract = (c: ContractInput) => http.post<{ id: number }>(CONTRACT_URL, c);
export const updateContract = (c: ContractInput) => http.put<void>(CONTRACT_URL, c);
export const deleteContracts = (ids: number[]) => http.delete<void>(CONTRACT_URL, { data: ids });
export const moveContract = (id: number, action: ContractAction) => http.put<void>(`${CONTRACT_URL}/${id}/${action}`);
export const deleteAttachment = (id: number) => http.delete<void>(`/api/actattach/delete/${id}`);

export const listTemplates = (q: ListQuery) => http.get<Page<TemplateRow>>(TEMPLATE_URL, { params: q });
export const createTemplate = (t: TemplateInput) => http.post<{ id: number }>(TEMPLATE_URL, t);
export const updateTemplate = (t: TemplateInput) => http.put<void>(TEMPLATE_URL, t);
export const deleteTemplates = (ids: number[]) => http.delete<void>(TEMPLATE_URL, { data: ids });
export const publishTemplate = (id: number) => http.put<void>(`${TEMPLATE_URL}/${id}/publish`);
/** 领取: the operator's agency gets the template's contract, in 待签署. */
export const receiveTemplate = (templateId: number) => http.post<{ id: number }>('/api/contractTemplate/receive', { templateId });

/** The contract's template text filled with its values, made by the BFF (503 when it has no CJK font). */
export const filledPdf = (id: number) => http.get<Blob>(`/api/contracts/${id}/filled.pdf`, { responseType: 'blob' });
