import { useCallback, useEffect, useState } from 'react';
import { chunk, deferred } from '@/shared/lib/chunk';
import { announceChange } from '@/shared/lib/look';
import { findCaseId } from './api';
import { Pending, useTabTitle } from './Pending';
import type { RecordState } from './useRecord';

// the case as 售后管理's drawer draws it, with its moves: a chunk of its own, not 售后管理's list
const CaseView = deferred(
  chunk(() => import('@/features/aftersale/look')),
  (m) => m.CaseView,
);

/**
 * One after-sales case (售后单): items, photos, money, the return shipment, history, moves. Named
 * by its number (`no`, from a 退款审批), the case's id is looked up first.
 */
export function AftersaleLook({ id, no, fullPath }: { id: number; no?: string; fullPath: string }) {
  const [title, setTitle] = useState<string>();
  const [found, setFound] = useState<RecordState<number>>(no ? { phase: 'loading' } : { phase: 'done', record: id });
  const [attempt, setAttempt] = useState(0);
  useTabTitle(fullPath, title);
  useEffect(() => {
    if (!no) return;
    let live = true;
    findCaseId(no).then(
      (caseId) => live && setFound(caseId ? { phase: 'done', record: caseId } : { phase: 'missing' }),
      () => live && setFound({ phase: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [no, attempt]);
  // a move here shows in a kept 售后管理 and in an order's detail (its refunded total)
  const moved = useCallback(() => {
    announceChange('aftersale');
    announceChange('order');
  }, []);
  if (found.phase !== 'done') return <Pending state={found} retry={() => setAttempt((n) => n + 1)} />;
  return <CaseView id={found.record} onMoved={moved} onTitle={setTitle} />;
}
