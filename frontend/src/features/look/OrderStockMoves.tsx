import { Card, Empty, Table, Typography } from 'antd';
import type { OrderDetail } from './api';

type Move = OrderDetail['stockMoves'][number] & { line: number };

/** The words the card shows, translated by the order's page (this chunk shares no module with it). */
export interface StockMovesWords {
  title: string;
  empty: string;
  sku: string;
  delta: string;
  balance: string;
  reason: string;
  operator: string;
  time: string;
  reasonText: (reason: string) => string;
}

/** 库存流水 of one order: what its lines took from stock and gave back, oldest first. */
export default function OrderStockMoves({ moves, words: w }: { moves: OrderDetail['stockMoves']; words: StockMovesWords }) {
  return (
    <Card title={w.title} size="small">
      {moves.length > 0 ? (
        <Table<Move>
          size="small"
          rowKey="line"
          pagination={false}
          aria-label={w.title}
          dataSource={moves.map((m, line) => ({ ...m, line }))}
          columns={[
            { title: w.sku, dataIndex: 'skuCode' },
            {
              title: w.delta,
              dataIndex: 'delta',
              align: 'right',
              render: (d: number) => <Typography.Text type={d < 0 ? 'danger' : 'success'}>{d > 0 ? `+${d}` : d}</Typography.Text>,
            },
            { title: w.balance, dataIndex: 'balance', align: 'right' },
            { title: w.reason, dataIndex: 'reason', render: (r: string) => w.reasonText(r) },
            { title: w.operator, dataIndex: 'operator', render: (o: string) => o || '-' },
            { title: w.time, dataIndex: 'createTime' },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={w.empty} />
      )}
    </Card>
  );
}
