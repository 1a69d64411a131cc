import { Button, Flex } from 'antd';
import { hasPermission, useSession } from '@/features/auth';
import type { MovedOrder } from './api';
import { canMove } from './logic';
import { MOVES, useOrderMoves } from './moves';

/**
 * The detail's (/look) buttons: the moves the order's status allows (canMove, as the list's row)
 * and the user's permissions allow; none when neither does. A chunk of its own for /look.
 */
export default function OrderActions({ order, onMoved }: { order: MovedOrder & { status: string }; onMoved: () => void }) {
  const held = useSession((s) => s.roles);
  const moves = useOrderMoves(onMoved);
  const offered = MOVES.filter(({ move, perm }) => canMove(order.status, move) && hasPermission(held, [perm]));
  return (
    <>
      {offered.length > 0 && (
        <Flex gap={8}>
          {offered.map(({ move }) => (
            <Button key={move} type={move === 'ship' ? 'primary' : 'default'} danger={move === 'close' || move === 'refund'} onClick={() => moves.start(order, move)}>
              {moves.label(move)}
            </Button>
          ))}
        </Flex>
      )}
      {moves.dialog}
    </>
  );
}
