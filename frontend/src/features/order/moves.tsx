import { useState } from 'react';
import { App } from 'antd';
import { Perm } from '@/shared/api/permissions';
import { lazyDialog } from '@/shared/ui/form';
import { moveOrder, type DeskOrder, type Move, type MovedOrder, type RemarkedOrder } from './api';
import { useT } from './messages';

// the dialog is its own chunk, fetched after the page has drawn (issue 13)
const ShipDialog = lazyDialog(() => import('./components/ShipDialog').then((m) => ({ default: m.ShipDialog })));
const AddressDialog = lazyDialog(() => import('./components/AddressDialog').then((m) => ({ default: m.AddressDialog })));
const UnshipDialog = lazyDialog(() => import('./components/UnshipDialog').then((m) => ({ default: m.UnshipDialog })));
const RemarkDialog = lazyDialog(() => import('./components/RemarkDialog').then((m) => ({ default: m.RemarkDialog })));

/** The moves in the order the list's 操作 column and the detail's buttons show them, each with its permission. */
export const MOVES: readonly { move: Move; perm: string }[] = [
  { move: 'ship', perm: Perm.OrderShip },
  { move: 'close', perm: Perm.OrderClose },
  { move: 'refund', perm: Perm.OrderRefund },
  { move: 'complete', perm: Perm.OrderComplete },
];

/**
 * The order moves of the list and of the detail (/look): 发货 opens the ship dialog, the others
 * ask first. `onMoved` runs after a move went through. Render `dialog` once in the page.
 */
export function useOrderMoves(onMoved: () => void) {
  const t = useT();
  const { modal, message } = App.useApp();
  const [shipping, setShipping] = useState<MovedOrder | null>(null);
  const start = (order: MovedOrder, move: Move) => {
    if (move === 'ship') {
      setShipping(order);
      return;
    }
    modal.confirm({
      title: t(`order.${move}`),
      content: t(`order.confirm.${move}`, { no: order.orderNo }),
      okText: t('pagination.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: move === 'complete' ? undefined : { danger: true },
      onOk: async () => {
        await moveOrder(order.id, move);
        void message.success(t('order.done'));
        onMoved();
      },
    });
  };
  const dialog = (
    <ShipDialog
      order={shipping}
      onClose={() => setShipping(null)}
      onShipped={() => {
        setShipping(null);
        onMoved();
      }}
    />
  );
  return { start, dialog, label: (move: Move) => t(`order.${move}`) };
}


/**
 * 修改备注 of the list and of the detail (/look): `start` opens the dialog with the order's remark;
 * `onSaved` runs after the new one was saved. Render `dialog` once in the page.
 */
export function useOrderRemark(onSaved: () => void) {
  const [editing, setEditing] = useState<RemarkedOrder | null>(null);
  const dialog = (
    <RemarkDialog
      order={editing}
      onClose={() => setEditing(null)}
      onSaved={() => {
        setEditing(null);
        onSaved();
      }}
    />
  );
  return { start: setEditing, dialog };
}

/** The shipping desk's operations, each with its permission (order/shipdesk_http.go). */
export type DeskOp = 'address' | 'shipment' | 'unship';
export const DESK_OPS: readonly { op: DeskOp; perm: string; label: 'order.editAddress' | 'order.editShipment' | 'order.unship' }[] = [
  { op: 'address', perm: Perm.OrderEdit, label: 'order.editAddress' },
  { op: 'shipment', perm: Perm.OrderShip, label: 'order.editShipment' },
  { op: 'unship', perm: Perm.OrderShip, label: 'order.unship' },
];

/**
 * 修改地址, 修改物流 and 取消发货 of the list and of the detail (/look): `start` opens the op's
 * dialog; `onDone` runs after it went through. Render `dialog` once in the page.
 */
export function useShipDesk(onDone: () => void) {
  const [open, setOpen] = useState<{ op: DeskOp; order: DeskOrder } | null>(null);
  const of = (op: DeskOp) => (open?.op === op ? open.order : null);
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    onDone();
  };
  const shipment = of('shipment');
  const dialog = (
    <>
      <AddressDialog order={of('address')} onClose={close} onSaved={done} />
      <ShipDialog
        order={shipment}
        current={shipment ? { expressCompany: shipment.expressCompany, trackingNo: shipment.trackingNo } : undefined}
        onClose={close}
        onShipped={done}
      />
      <UnshipDialog order={of('unship')} onClose={close} onDone={done} />
    </>
  );
  return { start: (order: DeskOrder, op: DeskOp) => setOpen({ op, order }), dialog };
}
