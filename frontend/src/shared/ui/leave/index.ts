export { LeaveDateRange, type LeaveDateRangeProps, type LeaveRange } from './LeaveDateRange';
export { leaveDays, remainingText, DAY_MS } from './logic';
