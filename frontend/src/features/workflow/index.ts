export { FormRenderer, cleanData, defaultsOf, type Field, type FieldPerm, type FieldType } from './form';
export { LeaveDateRange, type LeaveRange } from './LeaveDateRange';
