import { http } from '@/shared/api';
import type { Page as ListPage } from '@/shared/api/contract';
import type { FormData, FormSchema } from './form/types';

/*
 * The workflow API of docs/workflow.md "API" for forms, instances and batches, typed by hand
 * while the engine is written in parallel; the integrator switches these to the generated
 * contract (make contract) once bff/internal/workflow exists.
 */

export const FORMS_URL = '/api/workflow/forms';

/** A row of GET /api/workflow/forms. `version` is the published version, 0 = none. */
export interface FormRow {
  id: number;
  name: string;
  icon: string;
  group: string;
  version: number;
  draftChanged: boolean;
  updateTime: string;
}

/** A flow node as far as the form pages need it (the flow designer owns the full shape). */
export interface FlowNode {
  id: string;
  type: 'start' | 'approver' | 'route' | 'cc';
  name: string;
  props?: { assignee?: { kind: 'users' | 'role' | 'leader' | 'self' }; [k: string]: unknown };
  next?: FlowNode | null;
  branches?: Array<{ id: string; name: string; next?: FlowNode | null; [k: string]: unknown }>;
}

export interface FormDetail {
  id: number;
  name: string;
  icon: string;
  group: string;
  version: number;
  published: { version: number; schema: FormSchema; flow: FlowNode | null; publishTime: string } | null;
  draft: { schema: FormSchema; flow: FlowNode | null } | null;
}

export interface FormBody {
  name: string;
  icon: string;
  group: string;
  schema: FormSchema;
  flow?: FlowNode | null;
}

export interface FormQuery {
  page: number;
  size: number;
  blurry?: string;
  group?: string;
  published?: boolean;
}

/** 400 of publish: `{ message, problems: [{ nodeId, message }] }` besides field errors. */
export interface PublishProblem {
  nodeId: string;
  message: string;
}

export const listForms = (q: FormQuery) => http.get<ListPage<FormRow>>(FORMS_URL, { params: q });
export const getForm = (id: number) => http.get<FormDetail>(`${FORMS_URL}/${id}`);
export const createForm = (body: FormBody) => http.post<{ id: number }>(FORMS_URL, body);
export const updateForm = (id: number, body: FormBody) => http.put<unknown>(`${FORMS_URL}/${id}`, body);
/** `unchanged`: the draft equalled the published version, so no version was made. */
export const publishForm = (id: number) => http.post<{ version: number; unchanged: boolean }>(`${FORMS_URL}/${id}/publish`, {});
export const deleteForms = (ids: number[]) => http.delete<unknown>(FORMS_URL, { data: ids });

export const startInstance = (body: { formId: number; data: FormData }) => http.post<{ id: number }>('/api/workflow/instances', body);
export const startBatch = (body: { formId: number; data: FormData; applicants: number[] }) =>
  http.post<{ id: number; instanceIds: number[] }>('/api/workflow/batches', body);
