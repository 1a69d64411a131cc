import { ApplyPage } from './apply/ApplyPage';

/** /applyForm (流程申请): any published form, for oneself. */
export default function ApplyFormPage() {
  return <ApplyPage />;
}
