import { Card, Descriptions, Empty, Image, Space, Table, Tag, Typography } from 'antd';
import { agencyLabel, categoryPaths, useCategoryTree } from '@/shared/ui/picker';
import { useLanguage } from '@/shared/lib/i18n';
import { formatYuan } from '@/shared/lib/money';
import { apiUrl } from '@/shared/lib/runtime';
import { getGoods, type GoodsDetail } from './api';
import { Pending, useTabTitle } from './Pending';
import { useT } from './messages';
import { useRecord } from './useRecord';
import { chunk, deferred } from '@/shared/lib/chunk';
import { announceChange } from '@/shared/lib/look';

// 编辑 and 上架/下架 with 商品管理's dialog: its code, fetched with the goods
const GoodsActions = deferred(
  chunk(() => import('@/features/goods/moves')),
  (m) => m.default,
);

const STATUS_COLOR: Record<string, string> = { draft: 'default', on_sale: 'green', off_sale: 'orange' };
const Money = ({ value }: { value: string }) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatYuan(value)}</span>;

/** One goods row: every field, the pictures (click to preview), the description. */
export function GoodsLook({ id, fullPath }: { id: number; fullPath: string }) {
  const t = useT();
  const { state, retry, refresh } = useRecord(getGoods, id);
  const categories = categoryPaths(useCategoryTree(), useLanguage((s) => s.language));
  useTabTitle(fullPath, state.phase === 'done' ? state.record.name : undefined);
  if (state.phase !== 'done') return <Pending state={state} retry={retry} />;
  const g = state.record;
  const status = ['draft', 'on_sale', 'off_sale'].includes(g.status) ? t(`goods.status.${g.status as 'draft'}`) : g.status;
  const pictures = [g.mainPicture, ...g.gallery].filter(Boolean);
  const dash = (v: string) => v || '-';
  // after a save or 上架/下架: this page shows it, the goods list reloads
  const changed = () => {
    refresh();
    announceChange('goods');
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <span>{g.name}</span>
            <Tag color={STATUS_COLOR[g.status]}>{status}</Tag>
          </Space>
        }
        extra={<GoodsActions goods={g} onChanged={changed} />}
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} aria-label={t('look.basic')}>
          <Descriptions.Item label={t('goods.name')}>{g.name}</Descriptions.Item>
          <Descriptions.Item label={t('goods.code')}>{g.code}</Descriptions.Item>
          <Descriptions.Item label={t('goods.category')}>{categories.get(g.category) ?? g.category}</Descriptions.Item>
          <Descriptions.Item label={t('goods.price')}>
            <Money value={g.price} />
            {g.maxPrice && g.maxPrice !== g.price && (
              <>
                {' – '}
                <Money value={g.maxPrice} />
              </>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('goods.cost')}>
            <Money value={g.cost} />
          </Descriptions.Item>
          <Descriptions.Item label={t('goods.stock')}>{g.stock}</Descriptions.Item>
          <Descriptions.Item label={t('goods.status')}>{status}</Descriptions.Item>
          <Descriptions.Item label={t('goods.agency')}>{agencyLabel(g) ?? t('goods.own')}</Descriptions.Item>
          <Descriptions.Item label={t('goods.groundingTime')}>{dash(g.groundingTime)}</Descriptions.Item>
          <Descriptions.Item label={t('goods.createTime')}>{dash(g.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('goods.updateTime')}>{dash(g.updateTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <GoodsSkus goods={g} />
      <Card title={t('look.pictures')} size="small">
        {pictures.length > 0 ? (
          <Image.PreviewGroup>
            <Space wrap size={12}>
              {pictures.map((p, i) => (
                <Image key={`${i}-${p}`} src={apiUrl(p)} width={112} height={112} style={{ objectFit: 'cover', borderRadius: 6 }} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('look.noPictures')} />
        )}
      </Card>
      <Card title={t('look.description')} size="small">
        {g.description ? (
          // cleaned by the BFF (platform/richtext) when it was saved
          <Typography>
            <div className="mall-look-description" dangerouslySetInnerHTML={{ __html: g.description }} />
          </Typography>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('look.noDescription')} />
        )}
      </Card>
    </Space>
  );
}

/** The goods' SKUs: 规格 (one column per dimension), code, barcode, money, stock and its threshold. */
function GoodsSkus({ goods }: { goods: GoodsDetail }) {
  const t = useT();
  const { skus, specs } = goods;
  if (skus.length === 0) return null;
  type Sku = (typeof skus)[number];
  const low = (s: Sku) => s.onSale && s.stock <= s.lowStock;
  return (
    <Card title={t('goods.skus')} size="small">
      <Table<Sku>
        size="small"
        rowKey="id"
        aria-label={t('goods.skus')}
        dataSource={skus}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          ...specs.map((d, i) => ({ title: d.name, key: `spec-${i}`, render: (_: unknown, s: Sku) => s.specs[i] ?? '-' })),
          { title: t('goods.sku.code'), dataIndex: 'code' },
          { title: t('goods.sku.barcode'), dataIndex: 'barcode', render: (v: string) => v || '-' },
          { title: t('goods.price'), dataIndex: 'price', align: 'right', render: (v: string) => <Money value={v} /> },
          { title: t('goods.sku.cost'), dataIndex: 'cost', align: 'right', render: (v: string) => <Money value={v} /> },
          {
            title: t('goods.stock'),
            dataIndex: 'stock',
            align: 'right',
            render: (_: unknown, s: Sku) => (
              <Space size={4}>
                {low(s) && <Tag color="red">{t('goods.lowStock')}</Tag>}
                {s.stock}
              </Space>
            ),
          },
          { title: t('goods.sku.lowStock'), dataIndex: 'lowStock', align: 'right' },
          {
            title: t('goods.sku.onSale'),
            dataIndex: 'onSale',
            render: (on: boolean) => (on ? <Tag color="green">{t('goods.sku.onSale')}</Tag> : <Tag>{t('goods.sku.offSale')}</Tag>),
          },
        ]}
      />
    </Card>
  );
}
