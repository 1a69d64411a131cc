import { useEffect, useRef, type ComponentType } from 'react';
import { chunk, deferred, whenIdle } from '@/shared/lib/chunk';
import { preloadFields } from './fields';
import type { DialogProps } from './dialogProps';

export { DIALOG_COL, TEXTAREA_ROWS, DATE_FORMAT, TIME_FORMAT, type DialogProps } from './dialogProps';

const dialogFormCode = chunk(() => import('./DialogForm'));
const DialogForm = deferred(dialogFormCode, (m) => m.default);

/**
 * Fetches the dialog's code (./DialogForm and pro-form's fields) when the browser is idle after
 * the page holding the dialog has drawn: the first 新增/编辑 then opens without fetching code
 * (issue 16, the role dialog within 0.5 s). Never part of the page's first load.
 */
function usePreloadDialog() {
  useEffect(
    () =>
      whenIdle(() => {
        dialogFormCode.get().catch(() => undefined);
        preloadFields();
      }),
    [],
  );
}

/**
 * The create/edit dialog of list pages (ModalForm, ./DialogForm.tsx): a two-column grid (or one
 * column), closes itself when onFinish resolves true, discards its fields when closed. A failed
 * save keeps it open with the server's field errors under their inputs (submitForm). Nothing is
 * drawn until it first opens, and its code is fetched when the browser is idle: the form code is
 * not in the list page's first load, nor does the page's first commit wait for it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ModalForm's own default
export function Dialog<T = Record<string, any>>(props: DialogProps<T>) {
  usePreloadDialog();
  const opened = useRef(false);
  if (props.open) opened.current = true;
  if (!opened.current) return null;
  const Form = DialogForm as ComponentType<DialogProps<T>>;
  return <Form {...props} />;
}

/**
 * A page's dialog component in its own chunk, fetched when the browser is idle after the page has
 * drawn (the page's first load leaves it out, and neither its list request nor its rows wait for
 * it); it draws nothing until its chunk is there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function lazyDialog<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): C {
  return deferred(chunk(load), (m) => m.default, { idle: true });
}
