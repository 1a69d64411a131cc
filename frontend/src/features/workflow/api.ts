import { http } from '@/shared/api';

/** Remaining annual leave this year; null when the user has no entitlement on record (shown as X). */
export const leaveBalance = () => http.get<{ remainingDays: number | null }>('/api/workflow/leave/balance');
