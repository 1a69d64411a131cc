import { Card, Empty, Table, Typography } from 'antd';
import type { OrderDetail } from './api';
import { shopMessages } from '@/shared/lib/messages.shop';
import { useT } from './messages';

type Move = OrderDetail['stockMoves'][number] & { line: number };

/** 库存流水 of one order: what its lines took from stock and gave back, oldest first. */
export default function OrderStockMoves({ moves }: { moves: OrderDetail['stockMoves'] }) {
  const t = useT();
  const reasonText = (r: string) => {
    const key = `stock.reason.${r}`;
    return key in shopMessages ? t(key as 'stock.reason.opening') : r;
  };
  return (
    <Card title={t('order.stockMoves')} size="small">
      {moves.length > 0 ? (
        <Table<Move>
          size="small"
          rowKey="line"
          pagination={false}
          aria-label={t('order.stockMoves')}
          dataSource={moves.map((m, line) => ({ ...m, line }))}
          columns={[
            { title: t('order.stock.sku'), dataIndex: 'skuCode' },
            {
              title: t('order.stock.delta'),
              dataIndex: 'delta',
              align: 'right',
              render: (d: number) => <Typography.Text type={d < 0 ? 'danger' : 'success'}>{d > 0 ? `+${d}` : d}</Typography.Text>,
            },
            { title: t('order.stock.balance'), dataIndex: 'balance', align: 'right' },
            { title: t('order.stock.reason'), dataIndex: 'reason', render: (r: string) => reasonText(r) },
            { title: t('order.stock.operator'), dataIndex: 'operator', render: (o: string) => o || '-' },
            { title: t('order.stock.time'), dataIndex: 'createTime' },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.noStockMoves')} />
      )}
    </Card>
  );
}
