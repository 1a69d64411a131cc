import { Suspense, lazy, useRef, type ComponentType } from 'react';
import type { DialogProps } from './dialogProps';

export { DIALOG_COL, TEXTAREA_ROWS, DATE_FORMAT, TIME_FORMAT, type DialogProps } from './dialogProps';

const DialogForm = lazy(() => import('./DialogForm'));

/**
 * The create/edit dialog of list pages (ModalForm, ./DialogForm.tsx): a two-column grid (or one
 * column), closes itself when onFinish resolves true, discards its fields when closed. A failed
 * save keeps it open with the server's field errors under their inputs (submitForm). Nothing is
 * drawn, nor fetched, until it first opens: the form code is not in the list page's first load.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own default
export function Dialog<T = Record<string, any>>(props: DialogProps<T>) {
  const opened = useRef(false);
  if (props.open) opened.current = true;
  if (!opened.current) return null;
  const Form = DialogForm as ComponentType<DialogProps<T>>;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

/**
 * A page's dialog component in its own chunk, fetched after the page has drawn (the page's first
 * load leaves it out); it draws nothing until its chunk is there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function lazyDialog<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): C {
  const Lazy = lazy(load) as unknown as ComponentType<object>;
  const LazyDialog = (props: object) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return LazyDialog as unknown as C;
}
