export { SearchReset, type SearchResetProps } from './SearchReset';
export { Dialog, lazyDialog, DIALOG_COL, TEXTAREA_ROWS, DATE_FORMAT, TIME_FORMAT, type DialogProps } from './Dialog';
export { placeFieldErrors, submitForm, type FieldAlias } from './serverErrors';
export {
  ModalForm,
  ProForm,
  ProFormDateRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from './fields';
export { enterConfirmsOnly } from './keys';
