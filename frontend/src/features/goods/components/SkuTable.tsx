import { useState } from 'react';
import { Button, Input, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useT } from '../messages';
import { batchFill, specText, suggestedCode, type BatchFill, type SkuDraft, type SkuField } from './skuMatrix';

export interface SkuTableProps {
  rows: SkuDraft[];
  onChange: (rows: SkuDraft[]) => void;
  /** The goods code: an empty SKU编码 is offered `${goodsCode}-${row}`. */
  goodsCode: string;
  /** `${row}:${field}` of the cells to mark, with their message. */
  errors: Map<string, string>;
}

type TextField = SkuField | 'barcode';
/** Rows a page of the table shows: each is eight inputs, redrawn on every keystroke. */
const PAGE = 50;
const BATCH: Array<{ field: keyof BatchFill; label: 'goods.price' | 'goods.sku.cost' | 'goods.stock' | 'goods.sku.lowStock'; money?: boolean }> = [
  { field: 'price', label: 'goods.price', money: true },
  { field: 'cost', label: 'goods.sku.cost', money: true },
  { field: 'stock', label: 'goods.stock' },
  { field: 'lowStock', label: 'goods.sku.lowStock' },
];

/**
 * The SKU rows of the goods dialog: 规格 as text, everything else edited in place, and a bar that
 * fills 售价 / 成本 / 库存 / 预警值 of every row at once.
 */
export function SkuTable({ rows, onChange, goodsCode, errors }: SkuTableProps) {
  const t = useT();
  const [fill, setFill] = useState<BatchFill>({});
  const edit = (key: string, next: Partial<SkuDraft>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...next } : r)));
  // the row's place in the whole table (a page's render index starts again at 0)
  const place = new Map(rows.map((r, i) => [r.key, i]));

  const text = (field: TextField, label: string, width: number, extra: { money?: boolean; numeric?: boolean } = {}) => ({
    title: label,
    dataIndex: field,
    width,
    render: (_: unknown, r: SkuDraft) => {
      const i = place.get(r.key) ?? 0;
      const error = errors.get(`${i}:${field}`);
      return (
        <Input
          size="small"
          value={r[field]}
          status={error ? 'error' : undefined}
          title={error}
          aria-label={`${label} ${specText(r.specs)}`}
          prefix={extra.money ? '¥' : undefined}
          inputMode={extra.money ? 'decimal' : extra.numeric ? 'numeric' : undefined}
          placeholder={field === 'code' ? suggestedCode(goodsCode, i) : undefined}
          maxLength={64}
          onChange={(e) => edit(r.key, { [field]: e.target.value })}
        />
      );
    },
  });

  const columns: TableColumnsType<SkuDraft> = [
    { title: t('goods.sku.spec'), dataIndex: 'specs', width: 110, render: (_, r) => specText(r.specs) },
    text('code', t('goods.sku.code'), 140),
    text('barcode', t('goods.sku.barcode'), 120),
    text('price', t('goods.price'), 100, { money: true }),
    text('cost', t('goods.sku.cost'), 100, { money: true }),
    text('stock', t('goods.stock'), 84, { numeric: true }),
    text('lowStock', t('goods.sku.lowStock'), 76, { numeric: true }),
    {
      title: t('goods.sku.onSale'),
      dataIndex: 'onSale',
      width: 64,
      render: (_, r) => <Switch size="small" checked={r.onSale} aria-label={`${t('goods.sku.onSale')} ${specText(r.specs)}`} onChange={(onSale) => edit(r.key, { onSale })} />,
    },
  ];

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap size={8} aria-label={t('goods.sku.batch')} role="group">
        {BATCH.map((b) => (
          <Input
            key={b.field}
            size="small"
            style={{ width: 148 }}
            prefix={<Typography.Text type="secondary">{t(b.label)}</Typography.Text>}
            aria-label={`${t('goods.sku.batch')} ${t(b.label)}`}
            inputMode={b.money ? 'decimal' : 'numeric'}
            value={fill[b.field] ?? ''}
            onChange={(e) => setFill({ ...fill, [b.field]: e.target.value })}
          />
        ))}
        <Button size="small" type="primary" ghost onClick={() => onChange(batchFill(rows, fill))}>
          {t('goods.sku.batch')}
        </Button>
        <Typography.Text type="secondary">{t('goods.sku.count', { n: rows.length })}</Typography.Text>
      </Space>
      <Table<SkuDraft>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > PAGE ? { pageSize: PAGE, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
    </Space>
  );
}
