import { Button, Flex } from 'antd';
import { hasPermission, useSession } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import type { DeskOrder, RemarkedOrder } from './api';
import { canEditAddress, canFixShipment, canMove } from './logic';
import { DESK_OPS, MOVES, useOrderMoves, useOrderRemark, useShipDesk } from './moves';
import { useT } from './messages';

/**
 * The detail's (/look) buttons: the moves the order's status allows (canMove, as the list's row)
 * and the user's permissions allow, and 修改备注 in any status with order:edit; none when
 * nothing is allowed. A chunk of its own for /look.
 */
export default function OrderActions({ order, onMoved }: { order: RemarkedOrder & DeskOrder; onMoved: () => void }) {
  const t = useT();
  const held = useSession((s) => s.roles);
  const moves = useOrderMoves(onMoved);
  const remark = useOrderRemark(onMoved);
  const offered = MOVES.filter(({ move, perm }) => canMove(order.status, move) && hasPermission(held, [perm]));
  const canRemark = hasPermission(held, [Perm.OrderEdit]);
  const desk = useShipDesk(onMoved);
  // 修改地址 before shipping, 修改物流 and 取消发货 while the BFF's window is open
  const deskOps = DESK_OPS.filter(
    ({ op, perm }) => hasPermission(held, [perm]) && (op === 'address' ? canEditAddress(order.status) : canFixShipment(order)),
  );
  return (
    <>
      {(offered.length > 0 || canRemark || deskOps.length > 0) && (
        <Flex gap={8}>
          {offered.map(({ move }) => (
            <Button key={move} type={move === 'ship' ? 'primary' : 'default'} danger={move === 'close' || move === 'refund'} onClick={() => moves.start(order, move)}>
              {moves.label(move)}
            </Button>
          ))}
          {canRemark && <Button onClick={() => remark.start(order)}>{t('order.editRemark')}</Button>}
          {deskOps.map(({ op, label }) => (
            <Button key={op} danger={op === 'unship'} onClick={() => desk.start(order, op)}>
              {t(label)}
            </Button>
          ))}
        </Flex>
      )}
      {moves.dialog}
      {canRemark && remark.dialog}
      {deskOps.length > 0 && desk.dialog}
    </>
  );
}
