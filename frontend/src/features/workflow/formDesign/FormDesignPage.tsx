import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/shared/ui/PageSpinner';
import { FormList } from './FormList';

// the designer and its drag-and-drop library load only when a form is opened
const Designer = lazy(() => import('./Designer'));

/** /formDesign (表单管理): the list of forms; `?id=<id>` or `?id=new` opens the designer. */
export default function FormDesignPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const id = raw === 'new' ? 'new' : raw && /^\d+$/.test(raw) ? Number(raw) : null;
  if (id === null) return <FormList onOpen={(next) => setParams({ id: String(next) })} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Designer id={id} onBack={() => setParams({})} onCreated={(created) => setParams({ id: String(created) }, { replace: true })} />
    </Suspense>
  );
}
