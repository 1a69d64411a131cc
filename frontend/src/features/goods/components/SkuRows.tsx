import { useEffect, useState } from 'react';
import { Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatYuan } from '@/shared/lib/money';
import { getGoods, type GoodsSku } from '../api';
import { useT } from '../messages';

/** 规格 as the tables show it: 红 / S; '-' for the one SKU of goods without specs. */
const specText = (values: readonly string[]) => (values.length > 0 ? values.join(' / ') : '-');

/** A SKU on sale at or under its threshold needs restocking (库存预警), as the BFF counts it. */
export const isLow = (s: Pick<GoodsSku, 'stock' | 'lowStock' | 'onSale'>) => s.onSale && s.stock <= s.lowStock;

/**
 * The SKUs of one goods row, shown when the list row is expanded: fetched then (the list leaves
 * them out), and again when the row has changed (`version`, its update time).
 */
export function SkuRows({ id, version }: { id: number; version?: string }) {
  const t = useT();
  const [skus, setSkus] = useState<GoodsSku[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    getGoods(id).then(
      (g) => live && setSkus(g.skus),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  const columns: TableColumnsType<GoodsSku> = [
    { title: t('goods.sku.spec'), dataIndex: 'specs', render: (_, s) => specText(s.specs) },
    { title: t('goods.sku.code'), dataIndex: 'code' },
    { title: t('goods.price'), dataIndex: 'price', align: 'right', render: (_, s) => formatYuan(s.price) },
    {
      title: t('goods.stock'),
      dataIndex: 'stock',
      align: 'right',
      render: (_, s) => (
        <Space size={4}>
          {isLow(s) && <Tag color="red">{t('goods.lowStock')}</Tag>}
          <span style={isLow(s) ? { color: '#cf1322' } : undefined}>{s.stock}</span>
        </Space>
      ),
    },
    { title: t('goods.sku.lowStock'), dataIndex: 'lowStock', align: 'right' },
    {
      title: t('goods.sku.onSale'),
      dataIndex: 'onSale',
      render: (_, s) => (s.onSale ? <Tag color="green">{t('goods.sku.onSale')}</Tag> : <Tag>{t('goods.sku.offSale')}</Tag>),
    },
  ];

  // the request client has said why; Typography rather than Alert keeps Alert out of the list's chunks
  if (failed) return <Typography.Text type="warning">{t('goods.sku.loadFailed')}</Typography.Text>;
  return (
    <Table<GoodsSku>
      size="small"
      rowKey="id"
      aria-label={t('goods.skus')}
      loading={skus === null}
      columns={columns}
      dataSource={skus ?? []}
      pagination={false}
      style={{ maxWidth: 760 }}
    />
  );
}
