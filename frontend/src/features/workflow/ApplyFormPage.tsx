import { LeavePage } from './LeavePage';

/** /applyForm (流程申请): the built-in leave request for oneself. */
export default function ApplyFormPage() {
  return <LeavePage />;
}
