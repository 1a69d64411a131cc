import { Form } from 'antd';
import { ModalForm } from './fields';
import { submitForm } from './serverErrors';
import { DIALOG_COL, type DialogProps } from './dialogProps';

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
      modalProps={{ destroyOnHidden: true, maskClosable: false, ...modalProps }}
      form={used}
      onFinish={onFinish && ((values: T) => submitForm(used, async () => onFinish(values), fieldAlias))}
      {...rest}
    >
      {children}
    </ModalForm>
  );
}
