import { Button, Flex } from 'antd';
import { hasPermission, useSession } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import type { RemarkedOrder } from './api';
import { canMove } from './logic';
import { MOVES, useOrderMoves, useOrderRemark } from './moves';
import { useT } from './messages';

/**
 * The detail's (/look) buttons: the moves the order's status allows (canMove, as the list's row)
 * and the user's permissions allow, and 修改备注 in any status with order:edit; none when
 * nothing is allowed. A chunk of its own for /look.
 */
export default function OrderActions({ order, onMoved }: { order: RemarkedOrder & { status: string }; onMoved: () => void }) {
  const t = useT();
  const held = useSession((s) => s.roles);
  const moves = useOrderMoves(onMoved);
  const remark = useOrderRemark(onMoved);
  const offered = MOVES.filter(({ move, perm }) => canMove(order.status, move) && hasPermission(held, [perm]));
  const canRemark = hasPermission(held, [Perm.OrderEdit]);
  return (
    <>
      {(offered.length > 0 || canRemark) && (
        <Flex gap={8}>
          {offered.map(({ move }) => (
            <Button key={move} type={move === 'ship' ? 'primary' : 'default'} danger={move === 'close' || move === 'refund'} onClick={() => moves.start(order, move)}>
              {moves.label(move)}
            </Button>
          ))}
          {canRemark && <Button onClick={() => remark.start(order)}>{t('order.editRemark')}</Button>}
        </Flex>
      )}
      {moves.dialog}
      {canRemark && remark.dialog}
    </>
  );
}
