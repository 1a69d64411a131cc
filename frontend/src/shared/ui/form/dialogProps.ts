import type { ReactNode } from 'react';
import type { ModalFormProps } from '@ant-design/pro-components';
import type { FieldAlias } from './serverErrors';

/** Form columns: half the row (12 of 24) at medium and small widths, the full row on phones. */
export const DIALOG_COL = { xs: 24, sm: 12, md: 12 } as const;
export const TEXTAREA_ROWS = 4;
/** antd/dayjs spellings of yyyy-MM-dd and HH:mm:ss. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own default
export type DialogProps<T = Record<string, any>> = Omit<ModalFormProps<T>, 'grid' | 'colProps'> & {
  children?: ReactNode;
  /** Server field names that differ from the form's (`{ dept: 'deptId' }`), for field errors. */
  fieldAlias?: FieldAlias;
  /** Fields per row: 2 (default, DIALOG_COL) or 1 for a short form, each field on its own row. */
  columns?: 1 | 2;
};
