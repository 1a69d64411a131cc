import { useCallback, useState } from 'react';
import { chunk, deferred } from '@/shared/lib/chunk';
import { announceChange } from '@/shared/lib/look';
import { useTabTitle } from './Pending';

// the case as 售后管理's drawer draws it, with its moves: a chunk of its own, not 售后管理's list
const CaseView = deferred(
  chunk(() => import('@/features/aftersale/look')),
  (m) => m.CaseView,
);

/** One after-sales case (售后单): items, photos, money, the return shipment, history, moves. */
export function AftersaleLook({ id, fullPath }: { id: number; fullPath: string }) {
  const [title, setTitle] = useState<string>();
  useTabTitle(fullPath, title);
  // a move here shows in a kept 售后管理 and in an order's detail (its refunded total)
  const moved = useCallback(() => {
    announceChange('aftersale');
    announceChange('order');
  }, []);
  return <CaseView id={id} onMoved={moved} onTitle={setTitle} />;
}
