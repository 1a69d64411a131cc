import { LeavePage } from './LeavePage';

/** /startBatch (流程申请（多人）): the leave request for several people at once. */
export default function StartBatchPage() {
  return <LeavePage batch />;
}
