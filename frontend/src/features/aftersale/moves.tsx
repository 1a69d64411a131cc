import { useState } from 'react';
import { App } from 'antd';
import { lazyDialog } from '@/shared/ui/form';
import { approveCase, type CaseRow } from './api';
import type { CaseMove } from './logic';
import { useT } from './messages';

// the dialogs are a chunk of their own, fetched after the page has drawn (issue 13)
const ApproveDialog = lazyDialog(() => import('./components/MoveDialogs').then((m) => ({ default: m.ApproveDialog })));
const RejectDialog = lazyDialog(() => import('./components/MoveDialogs').then((m) => ({ default: m.RejectDialog })));
const ReceiveDialog = lazyDialog(() => import('./components/MoveDialogs').then((m) => ({ default: m.ReceiveDialog })));
const RefundDialog = lazyDialog(() => import('./components/RefundDialog').then((m) => ({ default: m.RefundDialog })));

type Open = { move: Exclude<CaseMove, never>; row: CaseRow } | null;

/**
 * The case moves of the list and of the detail: 同意 a refund-only case asks first (it goes on to
 * 退款中), a return opens the return-address dialog; 拒绝, 确认收货 and 退款 open theirs.
 * `onMoved` runs after a move went through. Render `dialog` once.
 */
export function useCaseMoves(onMoved: () => void) {
  const t = useT();
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState<Open>(null);
  const start = (row: CaseRow, move: CaseMove) => {
    if (move === 'approve' && row.type === 'refund') {
      modal.confirm({
        title: t('as.approve'),
        content: t('as.approveRefundConfirm', { no: row.caseNo }),
        okText: t('pagination.confirm'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await approveCase(row.id);
          void message.success(t('as.done'));
          onMoved();
        },
      });
      return;
    }
    setOpen({ move, row });
  };
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    onMoved();
  };
  const on = (move: CaseMove) => (open?.move === move ? open.row : null);
  const dialog = (
    <>
      <ApproveDialog row={on('approve')} onClose={close} onDone={done} />
      <RejectDialog row={on('reject')} onClose={close} onDone={done} />
      <ReceiveDialog row={on('receive')} onClose={close} onDone={done} />
      <RefundDialog row={on('refund')} onClose={close} onDone={done} />
    </>
  );
  return { start, dialog, label: (move: CaseMove) => t(`as.${move}`) };
}
