import { Suspense, useRef, type ComponentType } from 'react';
import { chunk, ready } from '@/shared/lib/chunk';
import type * as Pro from './pro';

type Parts = typeof Pro;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
type AnyComponent = ComponentType<any>;

const pro = chunk(() => import('./pro'));

/** Fetches pro-form ahead of the first dialog (./Dialog.tsx, when the page is idle). */
export const preloadFields = (): void => void pro.get().catch(() => undefined);

/**
 * A pro-components form part loaded on first render, inside its own Suspense (nothing shows for
 * the moment the chunk takes), typed as the part itself so pages use it as before. Once the
 * chunk is there (fetched ahead) the part draws at once: a dialog's first open shows its fields
 * in the click's own commit, not after a suspension.
 */
function lazyPart<C>(pick: (parts: Parts) => C): C {
  const Lazy = ready(pro, (p) => pick(p) as unknown as AnyComponent);
  const Part = (props: object) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Part as unknown as C;
}

// the statics the pages use (ProFormText.Password, ProFormRadio.Group, ProForm.Item) are lazy too:
// a static left out is undefined, and React fails the whole dialog on it
export const ProFormText = Object.assign(lazyPart((p) => p.ProFormText), {
  Password: lazyPart((p) => p.ProFormText.Password),
}) as Parts['ProFormText'];
export const ProFormTextArea = lazyPart((p) => p.ProFormTextArea);
export const ProFormDigit = lazyPart((p) => p.ProFormDigit);
export const ProFormSelect = lazyPart((p) => p.ProFormSelect);
export const ProFormTreeSelect = lazyPart((p) => p.ProFormTreeSelect);
export const ProFormSwitch = lazyPart((p) => p.ProFormSwitch);
export const ProFormList = lazyPart((p) => p.ProFormList);
export const ProFormDateRangePicker = lazyPart((p) => p.ProFormDateRangePicker);
export const ProFormDependency = lazyPart((p) => p.ProFormDependency);
export const ProFormRadio = Object.assign(lazyPart((p) => p.ProFormRadio), {
  Group: lazyPart((p) => p.ProFormRadio.Group),
}) as Parts['ProFormRadio'];
export const ProForm = Object.assign(lazyPart((p) => p.ProForm), {
  Item: lazyPart((p) => p.ProFormItem),
  Group: lazyPart((p) => p.ProFormGroup),
}) as Parts['ProForm'];

const LazyModalForm = lazyPart((p) => p.ModalForm);

/**
 * ModalForm, fetched when the dialog first opens (a closed dialog renders nothing, so a list
 * page that only holds its dialogs does not load pro-form).
 */
export const ModalForm = ((props: { open?: boolean }) => {
  const opened = useRef(false);
  if (props.open) opened.current = true;
  if (!opened.current) return null;
  return <LazyModalForm {...props} />;
}) as unknown as Parts['ModalForm'];
