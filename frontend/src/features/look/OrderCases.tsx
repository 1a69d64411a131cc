import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Table, Tag } from 'antd';
import { formatYuan } from '@/shared/lib/money';
import { lookPath, useOnChange } from '@/shared/lib/look';
import { listOrderCases, type OrderCase } from './api';
import { useT } from './messages';

const STATUS_COLOR: Record<string, string> = {
  applied: 'orange',
  approved: 'blue',
  awaiting_return: 'gold',
  returned: 'cyan',
  received: 'geekblue',
  refunding: 'purple',
  refunded: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/** 售后记录 of one order: its cases, each opening its own detail. Shown to holders of aftersale:list. */
export function OrderCases({ orderNo }: { orderNo: string }) {
  const t = useT();
  const [cases, setCases] = useState<OrderCase[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  // a case moved on its own page: the list here again
  useOnChange('aftersale', () => setAttempt((n) => n + 1));
  useEffect(() => {
    let live = true;
    listOrderCases(orderNo).then(
      (page) => live && setCases(page.content.filter((c) => c.caseNo)),
      () => live && setCases([]),
    );
    return () => {
      live = false;
    };
  }, [orderNo, attempt]);
  const label = (key: string) => (key in STATUS_COLOR ? t(`order.as.status.${key}` as 'order.as.status.applied') : key);
  return (
    <Card title={t('order.as.title')} size="small">
      {cases && cases.length > 0 ? (
        <Table<OrderCase>
          size="small"
          rowKey="id"
          pagination={false}
          aria-label={t('order.as.title')}
          dataSource={cases}
          columns={[
            { title: t('order.as.caseNo'), dataIndex: 'caseNo', render: (no: string, c) => <Link to={lookPath('aftersale', c.id)}>{no}</Link> },
            { title: t('order.as.type'), dataIndex: 'type', render: (v: string) => (v === 'return' || v === 'refund' ? t(`order.as.type.${v}`) : v) },
            { title: t('order.status'), dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLOR[s]}>{label(s)}</Tag> },
            { title: t('order.as.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
            { title: t('order.as.createTime'), dataIndex: 'createTime' },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={cases ? t('order.as.none') : t('common.loading')} />
      )}
    </Card>
  );
}
