import { http } from '@/shared/api';
import type { Page, Schemas } from '@/shared/api/contract';

export type JobRow = Schemas['JobItemRow'];
export type JobRun = Schemas['JobRunAnswer'];
export type { Page };

export const JOBS_URL = '/api/jobs';

/** GET /api/jobs (job:list): every job declared in the BFF, no paging. */
export const listJobs = () => http.get<JobRow[]>(JOBS_URL);
/** POST /api/jobs/{name}/run (job:run): runs it now and answers when it is done. */
export const runJob = (name: string) => http.post<JobRun>(`${JOBS_URL}/${encodeURIComponent(name)}/run`);
/** PUT /api/jobs/{name}/pause (job:edit). */
export const pauseJob = (name: string) => http.put<void>(`${JOBS_URL}/${encodeURIComponent(name)}/pause`);
/** PUT /api/jobs/{name}/resume (job:edit): scheduled again from now. */
export const resumeJob = (name: string) => http.put<void>(`${JOBS_URL}/${encodeURIComponent(name)}/resume`);
/** GET /api/jobs/{name}/runs (job:list): newest first, pages from 0. */
export const listJobRuns = (name: string, q: { page: number; size: number }) =>
  http.get<Page<JobRun>>(`${JOBS_URL}/${encodeURIComponent(name)}/runs`, { params: q });
