import { ApplyPage } from './apply/ApplyPage';

/** /startBatch (流程申请（多人）): a published form for several people at once. */
export default function StartBatchPage() {
  return <ApplyPage batch />;
}
