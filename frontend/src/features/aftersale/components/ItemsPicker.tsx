import { Checkbox, InputNumber, Table, Tooltip, Typography } from 'antd';
import { formatYuan, timesYuan } from '@/shared/lib/money';
import type { OrderForCase } from '../api';
import { fen } from '../logic';
import { useT } from '../messages';

/** One line picked for a case: the order item and how many of it. */
export interface Picked {
  orderItemId: number;
  quantity: number;
}

type Line = OrderForCase['items'][number];

/** The order item's id (the detail's `id`; `orderItemId` when a detail names it so). */
export const lineId = (l: Line): number | undefined => l.id ?? l.orderItemId;

/** How many of a line may still be asked for: its quantity less what was refunded already. */
export const lineLeft = (l: Line): number => Math.max(0, l.quantity - (l.refundedQty ?? 0));

/**
 * What the picked lines are worth, in fen: each line's unit price × quantity, at most what was
 * paid for it less what was refunded (the BFF's cap; it also counts other open cases).
 */
export function itemsCap(order: OrderForCase, picked: Picked[]): bigint {
  let total = 0n;
  for (const p of picked) {
    const line = order.items.find((l) => lineId(l) === p.orderItemId);
    if (!line || p.quantity <= 0) continue;
    const worth = fen(timesYuan(line.unitPrice, p.quantity)) ?? 0n;
    const paid = fen(timesYuan(line.unitPrice, line.quantity)) ?? 0n;
    const left = paid - (fen(line.refunded ?? '0') ?? 0n);
    total += worth < left ? worth : left;
  }
  return total;
}

/** The order's lines with a tick and a quantity each; the value is the ticked lines. */
export function ItemsPicker({ order, value = [], onChange }: { order: OrderForCase; value?: Picked[]; onChange?: (v: Picked[]) => void }) {
  const t = useT();
  const qty = (id: number) => value.find((p) => p.orderItemId === id)?.quantity;
  const set = (id: number, quantity: number | null) => {
    const rest = value.filter((p) => p.orderItemId !== id);
    onChange?.(quantity && quantity > 0 ? [...rest, { orderItemId: id, quantity }] : rest);
  };
  return (
    <Table<Line & { line: number }>
      size="small"
      rowKey="line"
      pagination={false}
      aria-label={t('as.pickItems')}
      dataSource={order.items.map((l, line) => ({ ...l, line }))}
      columns={[
        {
          key: 'pick',
          width: 40,
          render: (_, l) => {
            const id = lineId(l);
            const left = lineLeft(l);
            const box = (
              <Checkbox
                aria-label={l.goodsName}
                disabled={id === undefined || left === 0}
                checked={id !== undefined && qty(id) !== undefined}
                onChange={(e) => id !== undefined && set(id, e.target.checked ? left : 0)}
              />
            );
            return id === undefined ? <Tooltip title={t('as.noItemId')}>{box}</Tooltip> : box;
          },
        },
        { title: t('as.item.name'), dataIndex: 'goodsName' },
        { title: t('as.item.spec'), dataIndex: 'specText', render: (v: string, l) => [v, l.skuCode].filter(Boolean).join(' · ') || '-' },
        { title: t('as.item.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: (v: string) => formatYuan(v) },
        {
          title: t('as.item.quantity'),
          key: 'quantity',
          align: 'right',
          render: (_, l) => {
            const id = lineId(l);
            const left = lineLeft(l);
            return id !== undefined && qty(id) !== undefined ? (
              <InputNumber<number>
                size="small"
                min={1}
                max={left}
                precision={0}
                value={qty(id)}
                aria-label={`${l.goodsName} ${t('as.item.quantity')}`}
                onChange={(n) => set(id, n ?? 1)}
                style={{ width: 80 }}
              />
            ) : (
              <Typography.Text type="secondary">
                {left}/{l.quantity}
              </Typography.Text>
            );
          },
        },
      ]}
    />
  );
}
