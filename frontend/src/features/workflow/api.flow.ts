import { http } from '@/shared/api';
import type { Page as ListPage } from '@/shared/api/contract';
import { normalizeFlow } from './flowDesign/normalize';
import { useTaskRevision } from './taskRevision';
import type { Batch, Box, FlowNode, FormDetail, FormSchema, Instance, Ref, TaskRow } from './types.flow';

/**
 * The flow designer's, instances', tasks' and batches' calls (docs/workflow.md "API"). Kept apart from
 * api.ts, which the form pages own.
 */

/** Flows come back whole (normalizeFlow): the engine leaves out lists a node does not use. */
export const getForm = (id: number) =>
  http.get<FormDetail>(`/api/workflow/forms/${id}`).then((f) => ({
    ...f,
    published: f.published ? { ...f.published, flow: normalizeFlow(f.published.flow) } : null,
    draft: f.draft ? { ...f.draft, flow: normalizeFlow(f.draft.flow) } : null,
  }));

/** Saves the draft with its flow (a draft's flow may be incomplete). */
export const saveDraft = (f: { id: number; name: string; icon: string; group: string; schema: FormSchema; flow: FlowNode }) =>
  http.put<void>(`/api/workflow/forms/${f.id}`, { name: f.name, icon: f.icon, group: f.group, schema: f.schema, flow: f.flow });

/**
 * 400 `{ message, problems }` is the designer's to show on the nodes: silent, no notice.
 * `unchanged`: the draft equalled the published version, so no version was made.
 */
export const publishForm = (id: number) =>
  http.post<{ version: number; unchanged: boolean }>(`/api/workflow/forms/${id}/publish`, {}, { silent: true });

const whole = (i: Instance): Instance => ({
  ...i,
  form: { ...i.form, flow: normalizeFlow(i.form.flow) as FlowNode },
  pending: (i.pending ?? []).map((p) => ({ ...p, users: p.users ?? [] })),
});

export const getInstance = (id: number) => http.get<Instance>(`/api/workflow/instances/${id}`).then(whole);

/** The client tells every failure (409 with the server's 该任务已被处理); the page reloads after a 409. */
const act = (id: number, action: string, body: unknown) =>
  http
    .post<Instance>(`/api/workflow/instances/${id}/${action}`, body)
    .then(whole)
    .finally(() => useTaskRevision.getState().bump());
export const approve = (id: number, comment: string, data?: Record<string, unknown>) => act(id, 'approve', { comment, data });
export const reject = (id: number, comment: string) => act(id, 'reject', { comment });
export const withdraw = (id: number) => act(id, 'withdraw', {});
export const returnTo = (id: number, nodeId: string, comment: string) => act(id, 'return', { nodeId, comment });
export const transfer = (id: number, userId: number, comment: string) => act(id, 'transfer', { userId, comment });
export const resubmit = (id: number, data: Record<string, unknown>) => act(id, 'resubmit', { data });

/** A rejected request sent again as a new one (the old stays): answers the new instance's id. */
export const resend = (id: number, data: Record<string, unknown>) =>
  http.post<{ id: number }>(`/api/workflow/instances/${id}/resend`, { data }).finally(() => useTaskRevision.getState().bump());

export interface ApprovedRow {
  instanceId: number;
  ok: boolean;
  message?: string;
}
/** 批量同意: my tasks of several instances of one form, each approved on its own; a row per instance. */
export const approveMany = (instanceIds: number[], comment: string) =>
  http
    .post<{ results: ApprovedRow[] }>('/api/workflow/tasks/approve', { instanceIds, comment })
    .then((r) => r.results)
    .finally(() => useTaskRevision.getState().bump());

export const listTasks = (q: { box: Box; page: number; size: number; blurry?: string }) =>
  http.get<ListPage<TaskRow>>('/api/workflow/tasks', { params: q });

/** The header badge asks quietly: a failed count is no reason to bother anyone. */
export const taskCount = () => http.get<{ todo: number }>('/api/workflow/tasks/count', { silent: true });

export const getBatch = (id: number) => http.get<Batch>(`/api/workflow/batches/${id}`);

/** Roles to choose approvers and copies from (GET /api/roles/all). */
export const roleChoices = () => http.get<Ref[]>('/api/roles/all').then((rows) => rows.map((r) => ({ id: r.id, name: r.name })));
