import type { LeaveRange } from './LeaveDateRange';
import type { UploadedFile } from '@/shared/ui/upload';
import type { LeaveBody, Person } from './api';

/** What the leave form holds. */
export interface LeaveValues {
  type?: string;
  range?: LeaveRange;
  reason?: string;
  approver?: string;
  cc?: string[];
  attachments?: UploadedFile[];
  applicants?: string[];
}

/** yyyy-MM-dd HH:mm:ss, how times travel to the BFF (docs/api.md). */
const WIRE = 'YYYY-MM-DD HH:mm:ss';

/** The request body of a filled-in form (the form's rules have made sure the fields are there). */
export function toBody(v: LeaveValues, batch: boolean): LeaveBody {
  const [start, end] = v.range ?? [];
  const body: LeaveBody = {
    type: v.type ?? '',
    startTime: start ? start.second(0).format(WIRE) : '',
    endTime: end ? end.second(0).format(WIRE) : '',
    reason: (v.reason ?? '').trim(),
    approver: v.approver ?? '',
    cc: v.cc ?? [],
    attachments: (v.attachments ?? []).flatMap((f) => (f.id === undefined ? [] : [f.id])),
  };
  if (batch) body.applicants = v.applicants ?? [];
  return body;
}

/** 张三（staff）, or the user name alone. */
export function personText(p: Person): string {
  return p.nickName ? `${p.nickName}（${p.username}）` : p.username;
}
