import type { KeyboardEvent } from 'react';
import { Form } from 'antd';
import { ModalForm } from './fields';
import { submitForm } from './serverErrors';
import { DIALOG_COL, type DialogProps } from './dialogProps';

/** A popup of a field (a select's or a date picker's list) is open on the page. */
function popupOpen(target: EventTarget): boolean {
  if (target instanceof Element && target.closest('[role="combobox"][aria-expanded="true"]')) return true;
  return document.querySelector(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  ) !== null;
}

/**
 * Esc closes only the topmost popup: the field's own list has closed itself by the time the key
 * reaches the dialog, which must then not close too (with everything typed in it).
 */
function keepDialogOnPopupEscape(e: KeyboardEvent): void {
  if (e.key === 'Escape' && popupOpen(e.target)) e.stopPropagation();
}

/**
 * The create/edit dialog of list pages (ModalForm): a two-column grid (or one column), closes itself when onFinish
 * resolves true, discards its fields when closed. A failed save keeps it open with the server's
 * field errors under their inputs (submitForm).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own default
export default function DialogForm<T = Record<string, any>>({ children, modalProps, form, onFinish, fieldAlias, columns = 2, ...rest }: DialogProps<T>) {
  const [own] = Form.useForm<T>();
  const used = form ?? own;
  return (
    <ModalForm<T>
      grid={columns === 2}
      colProps={columns === 2 ? DIALOG_COL : undefined}
      rowProps={columns === 2 ? { gutter: 16 } : undefined}
      modalProps={{
        destroyOnHidden: true,
        maskClosable: false,
        ...modalProps,
        modalRender: (node) => <div onKeyDown={keepDialogOnPopupEscape}>{modalProps?.modalRender ? modalProps.modalRender(node) : node}</div>,
      }}
      form={used}
      onFinish={onFinish && ((values: T) => submitForm(used, async () => onFinish(values), fieldAlias))}
      {...rest}
    >
      {children}
    </ModalForm>
  );
}
