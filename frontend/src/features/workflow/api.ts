import { http } from '@/shared/api';
import type { LeaveRow, Page as ListPage } from '@/shared/api/contract';

/** POST /api/workflow/leave (and /batch with applicants): people by user name, as the picker gives them. */
export interface LeaveBody {
  type: string;
  startTime: string;
  endTime: string;
  reason: string;
  approver: string;
  cc: string[];
  attachments: number[];
  applicants?: string[];
}

export type Person = LeaveRow['applicant'];

export type { LeaveRow };

/** Remaining annual leave this year; null when the user has no entitlement on record (shown as X). */
export const leaveBalance = () => http.get<{ remainingDays: number | null }>('/api/workflow/leave/balance');
export const submitLeave = (body: LeaveBody) => http.post<{ id: number }>('/api/workflow/leave', body);
export const submitLeaveBatch = (body: LeaveBody) =>
  http.post<{ batchId: number; ids: number[] }>('/api/workflow/leave/batch', body);
export const myLeaves = (q: { page: number; size: number }) => http.get<ListPage<LeaveRow>>('/api/workflow/leave', { params: q });
