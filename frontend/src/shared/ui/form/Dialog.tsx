import type { ReactNode } from 'react';
import { ModalForm, type ModalFormProps } from '@ant-design/pro-components';

/** Form columns: half the row (12 of 24) at medium and small widths, the full row on phones. */
export const DIALOG_COL = { xs: 24, sm: 12, md: 12 } as const;
export const TEXTAREA_ROWS = 4;
/** antd/dayjs spellings of yyyy-MM-dd and HH:mm:ss. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own default
export type DialogProps<T = Record<string, any>> = Omit<ModalFormProps<T>, 'grid' | 'colProps'> & {
  children?: ReactNode;
};

/**
 * The dialog wrapper of list pages (ModalForm): a two-column grid, closes itself when onFinish
 * resolves true, discards its fields when closed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own default
export function Dialog<T = Record<string, any>>({ children, modalProps, ...rest }: DialogProps<T>) {
  return (
    <ModalForm<T>
      grid
      colProps={DIALOG_COL}
      rowProps={{ gutter: 16 }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, ...modalProps }}
      {...rest}
    >
      {children}
    </ModalForm>
  );
}
