// The pro-components form parts the dialogs use, in one module that is only ever imported
// dynamically (./fields.tsx): pro-form and pro-field (which carries every value type's editor)
// arrive with the first dialog that opens, not with the list page (docs/figures.md "List pages' first load").
export {
  ModalForm,
  ProForm,
  ProFormDateRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormGroup,
  ProFormItem,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
