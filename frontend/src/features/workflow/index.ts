export { LeaveForm, type LeaveFormProps } from './LeaveForm';
export { LeavePage } from './LeavePage';
export { toBody, personText, type LeaveValues } from './logic';
