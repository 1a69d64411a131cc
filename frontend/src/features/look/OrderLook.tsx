import { Card, Col, Descriptions, Empty, Row, Space, Table, Tag, Timeline, Typography } from 'antd';
import { agencyLabel } from '@/shared/ui/picker';
import { formatYuan, sumYuan, timesYuan } from '@/shared/lib/money';
import { useDicts } from '@/shared/ui/dict';
import { getOrder, type OrderDetail } from './api';
import { Pending, useTabTitle } from './Pending';
import { messages, useT } from './messages';
import { useRecord } from './useRecord';
import { chunk, deferred } from '@/shared/lib/chunk';
import { shopMessages } from '@/shared/lib/messages.shop';
import { announceChange } from '@/shared/lib/look';
import { usePermission } from '@/features/auth';
import { OrderCases } from './OrderCases';

// 库存流水 comes a moment after the order: its own chunk, not in the detail's first load
const OrderStockMoves = deferred(
  chunk(() => import('./OrderStockMoves')),
  (m) => m.default,
);

// the list's moves (发货, 关闭, 退款, 完成) and the ship dialog: 订单管理's own chunk, fetched after
// the order has drawn. Shared in a chunk of their own they cost the order page a file (budget 500 kB).
const OrderActions = deferred(
  chunk(() => import('@/features/order')),
  (m) => m.OrderActions,
);

// 物流跟踪 asks the BFF (and maybe the provider) after the order has drawn: its own chunk
const TrackingTimeline = deferred(
  chunk(() => import('@/features/tracking')),
  (m) => m.TrackingTimeline,
);

type Item = OrderDetail['items'][number] & { line: number };

const STATUS_COLOR: Record<string, string> = {
  unpaid: 'gold',
  paid: 'blue',
  shipped: 'cyan',
  completed: 'green',
  closed: 'default',
  refunded: 'red',
};
const TIMELINE_COLOR: Record<string, string> = { completed: 'green', closed: 'gray', refunded: 'red' };
const right = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' };

/** One order: every field, its items, amounts, shipping and the status timeline (oldest first). */
export function OrderLook({ id, fullPath }: { id: number; fullPath: string }) {
  const t = useT();
  const { state, retry, refresh } = useRecord(getOrder, id);
  // the cases need aftersale:list: without it the list would answer 403 and lead to /401
  const seesCases = usePermission(['aftersale:list']);
  const carriers = useDicts('express_company').express_company ?? [];
  useTabTitle(fullPath, state.phase === 'done' ? state.record.orderNo : undefined);
  if (state.phase !== 'done') return <Pending state={state} retry={retry} />;
  const o = state.record;
  const statusText = (s: string) => {
    const key = `order.status.${s}`;
    return key in messages ? t(key as 'order.status.paid') : s;
  };
  const dash = (v: string) => v || '-';
  // after a move: this page shows the new status, history and 库存流水; the order list reloads
  const moved = () => {
    refresh();
    announceChange('order');
  };
  // what the order's after-sales cases paid back (the BFF's `refunded`, issue 29); nothing when none
  const refunded = /^\d+(\.\d{1,2})?$/.test(o.refunded ?? '') && !/^0+(\.0*)?$/.test(o.refunded ?? '') ? (o.refunded ?? '') : '';
  const goodsTotal = sumYuan(...o.items.map((i) => timesYuan(i.unitPrice, i.quantity)));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <span>
              {t('order.no')} {o.orderNo}
            </span>
            <Tag color={STATUS_COLOR[o.status]}>{statusText(o.status)}</Tag>
          </Space>
        }
        extra={<OrderActions order={o} onMoved={moved} />}
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} aria-label={t('look.basic')}>
          <Descriptions.Item label={t('order.no')}>{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('order.status')}>{statusText(o.status)}</Descriptions.Item>
          <Descriptions.Item label={t('goods.agency')}>{agencyLabel(o) ?? t('goods.own')}</Descriptions.Item>
          <Descriptions.Item label={t('order.customer')}>{dash(o.customerName)}</Descriptions.Item>
          <Descriptions.Item label={t('order.phone')}>{dash(o.phone)}</Descriptions.Item>
          <Descriptions.Item label={t('order.createTime')}>{dash(o.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('order.address')} span={2}>
            {dash(o.address)}
          </Descriptions.Item>
          <Descriptions.Item label={t('order.payTime')}>{dash(o.payTime)}</Descriptions.Item>
          {/* the deadlines 订单设置 gave the order, where it has them (a ternary: `"" && …` would
              hand Descriptions an empty string, which it draws as an empty cell) */}
          {o.payDeadline && o.status === 'unpaid' ? (
            <Descriptions.Item label={t('order.payDeadline')}>{o.payDeadline}</Descriptions.Item>
          ) : null}
          {o.autoCompleteAt && o.status === 'shipped' ? (
            <Descriptions.Item label={t('order.autoCompleteAt')}>{o.autoCompleteAt}</Descriptions.Item>
          ) : null}
          {o.aftersaleUntil ? (
            <Descriptions.Item label={t('order.aftersaleUntil')}>{o.aftersaleUntil}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('order.remark')} span={3}>
            {dash(o.remark)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('order.items')} size="small">
        <Table<Item>
          size="small"
          rowKey="line"
          pagination={false}
          dataSource={o.items.map((item, line) => ({ ...item, line }))}
          columns={[
            { title: t('order.item.name'), dataIndex: 'goodsName' },
            { title: t('order.item.sku'), dataIndex: 'skuCode', render: (v: string) => v || '-' },
            { title: t('order.item.spec'), dataIndex: 'specText', render: (v: string) => v || '-' },
            { title: t('order.item.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: (v: string) => formatYuan(v) },
            { title: t('order.item.quantity'), dataIndex: 'quantity', align: 'right' },
            { title: t('order.item.subtotal'), key: 'subtotal', align: 'right', render: (_, i) => formatYuan(timesYuan(i.unitPrice, i.quantity)) },
          ]}
          summary={() => (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5} align="right">
                  {t('order.goodsTotal')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatYuan(goodsTotal)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5} align="right">
                  {t('order.freight')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatYuan(o.freight)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5} align="right">
                  <Typography.Text strong>{t('order.amount')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong style={right} aria-label={t('order.amount')}>
                    {formatYuan(o.amount)}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
              {refunded ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={5} align="right">
                    <Typography.Text type="danger">{t('order.refunded')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <Typography.Text type="danger" style={right} aria-label={t('order.refunded')}>
                      {formatYuan(refunded)}
                    </Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null}
            </>
          )}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title={t('order.shipping')} size="small" style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('order.express')}>
                {o.expressCompany ? (carriers.find((c) => c.value === o.expressCompany)?.label ?? o.expressCompany) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('order.trackingNo')}>{dash(o.trackingNo)}</Descriptions.Item>
              <Descriptions.Item label={t('order.shipTime')}>{dash(o.shipTime)}</Descriptions.Item>
            </Descriptions>
            {o.trackingNo ? <TrackingTimeline orderId={o.id} trackingNo={o.trackingNo} /> : null}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('order.history')} size="small" style={{ height: '100%' }}>
            {o.history.length > 0 ? (
              <Timeline
                style={{ marginTop: 8 }}
                items={o.history.map((h) => ({
                  color: TIMELINE_COLOR[h.to] ?? 'blue',
                  children: (
                    <div>
                      <div>
                        {/* a remark's change keeps the status: its note (修改备注：before → after) says it all */}
                        {h.from && h.from === h.to
                          ? h.note
                          : h.from
                            ? `${statusText(h.from)} → ${statusText(h.to)}`
                            : `${t('order.created')}（${statusText(h.to)}）`}
                        {h.note && h.from !== h.to ? (
                          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                            {h.note}
                          </Typography.Text>
                        ) : null}
                      </div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {h.time}
                        <span style={{ marginLeft: 12 }}>{t('order.by', { who: h.operator || '-' })}</span>
                      </Typography.Text>
                    </div>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.noHistory')} />
            )}
          </Card>
        </Col>
      </Row>
      {seesCases ? <OrderCases orderNo={o.orderNo} /> : null}
      <OrderStockMoves
        moves={o.stockMoves ?? []}
        words={{
          title: t('order.stockMoves'),
          empty: t('order.noStockMoves'),
          sku: t('order.stock.sku'),
          delta: t('order.stock.delta'),
          balance: t('order.stock.balance'),
          reason: t('order.stock.reason'),
          operator: t('order.stock.operator'),
          time: t('order.stock.time'),
          reasonText: (r) => {
            const key = `stock.reason.${r}`;
            return key in shopMessages ? t(key as 'stock.reason.opening') : r;
          },
        }}
      />
    </Space>
  );
}

