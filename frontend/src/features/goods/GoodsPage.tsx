import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { App, Button, Image, Space, Tag, type FormInstance } from 'antd';
import { usePermission, useSession } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { lookPath, useOnChange } from '@/shared/lib/look';
import { useLanguage } from '@/shared/lib/i18n';
import { formatYuan } from '@/shared/lib/money';
import { apiUrl } from '@/shared/lib/runtime';
import { CategorySelect, agencyColumns, categoryNames, categoryPaths, useCategoryTree } from '@/shared/ui/picker';
import { AddButton, DataTable, pageQuery, useActionColumn, type DataColumn, type Selected, type ActionType } from '@/shared/ui/table';
import { GOODS_URL, deleteGoods, getGoods, listGoods, setGoodsStatus, type GoodsDetail, type GoodsRow, type GoodsStatus } from './api';
import { useT } from './messages';
import { priceRange, searchFromQuery, type GoodsSearch } from './query';
import { SkuRows } from './components/SkuRows';
// the dialogs are their own chunks, fetched after the list has drawn (issue 13)
import { GoodsDialog } from './moves';

import { DATE_CELL } from '@/shared/ui/dateCell';
import { DATE_RANGES } from '@/shared/ui/table/logic';
import { searchQuery, useUrlSearch } from '@/shared/ui/table/urlSearch';

const STATUS_COLOR: Record<string, string> = { draft: 'default', on_sale: 'green', off_sale: 'orange' };

/**
 * 商品管理: filters (keyword, category, status, agency, creation and listing ranges, preset by the
 * URL's query), sorts by price, stock and times, 批量上架/下架, export, create/edit, 详情.
 */
export default function GoodsPage() {
  const t = useT();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const table = useRef<ActionType>(null);
  const form = useRef<FormInstance>(undefined);
  const canEdit = usePermission([Perm.GoodsEdit]);
  const canExport = usePermission([Perm.GoodsExport]);
  // a channel session is offered its own agency only: no filter, and 渠道管理's pages are staff's
  const channel = useSession((s) => s.user?.kind === 'channel');
  const canLookAgency = usePermission([Perm.AgencyList]) && !channel;
  const agencyLink = canLookAgency ? (id: number, name: string) => <Link to={lookPath('agency', id)}>{name}</Link> : undefined;
  const [editing, setEditingState] = useState<GoodsDetail | 'new' | null>(null);
  // Each opening is a new form (a new key), so nothing typed or uploaded before comes back; the
  // key stays while it closes, so that it can animate closed.
  const [opened, setOpened] = useState(0);
  const setEditing = (next: GoodsDetail | 'new' | null) => {
    if (next !== null) setOpened((n) => n + 1);
    setEditingState(next);
  };
  const [selected, setSelected] = useState<Selected<GoodsRow>[]>([]);
  // 商品分类: the filter picks any category (a parent takes in its children's goods), a row shows
  // its category's name with the path above it as the tooltip
  const categoryTree = useCategoryTree();
  const language = useLanguage((s) => s.language);
  const categoryLabel = useMemo(() => categoryNames(categoryTree, language), [categoryTree, language]);
  const categoryPath = useMemo(() => categoryPaths(categoryTree, language), [categoryTree, language]);
  const initial = useMemo(() => searchFromQuery(new URLSearchParams(location.search)), [location.search]);

  // The searched filters are the URL's query, so back and reload keep them; a query the page did
  // not write (back, a link to the open page, the dashboard's) filters it again.
  const writeUrl = useUrlSearch((q) => {
    const f = form.current;
    if (!f) return;
    f.resetFields();
    f.setFieldsValue(searchFromQuery(q));
    f.submit();
  });

  const reload = () => void table.current?.reload();
  // an edit or 上架/下架 on a goods' detail (/look) shows here: the kept list reloads while hidden
  useOnChange('goods', reload);
  const statusText = (s: string) => (['draft', 'on_sale', 'off_sale'].includes(s) ? t(`goods.status.${s as GoodsStatus}`) : s);

  const edit = async (row: GoodsRow) => {
    // the list leaves the description out: the dialog edits the whole row
    setEditing(await getGoods(row.id));
  };

  const batch = (status: 'on_sale' | 'off_sale') => {
    if (selected.length === 0) {
      void message.warning(t('goods.pickFirst'));
      return;
    }
    const on = status === 'on_sale';
    modal.confirm({
      title: t('common.hint'),
      content: t(on ? 'goods.confirmOnSale' : 'goods.confirmOffSale', { n: selected.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await setGoodsStatus(
          selected.map((s) => Number(s.id)),
          status,
        );
        void message.success(t(on ? 'goods.onSaleDone' : 'goods.offSaleDone'));
        reload();
      },
    });
  };

  const actions = useActionColumn<GoodsRow>({
    perm: 'goods',
    onEdit: (row) => void edit(row),
    extra: [{ key: 'look', label: t('goods.detail'), perm: Perm.GoodsList, onClick: (row) => void navigate(lookPath('goods', row.id)) }],
    remove: (row) => deleteGoods([row.id]),
    reload,
  });

  const money = (key: 'price' | 'cost', sort: boolean): DataColumn<GoodsRow> => ({
    title: t(`goods.${key}`),
    dataIndex: key,
    search: false,
    align: 'right',
    sorter: sort,
    width: 96,
    // 售价 is the range of the SKUs' prices (price the low end, maxPrice the high end), on one line
    render: (_, row) => (key === 'price' ? <span style={{ whiteSpace: 'nowrap' }}>{priceRange(row.price, row.maxPrice)}</span> : formatYuan(row[key])),
  });

  const columns: DataColumn<GoodsRow>[] = [
    { title: t('goods.keyword'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('goods.keyword') } },
    {
      title: t('goods.picture'),
      dataIndex: 'mainPicture',
      search: false,
      export: false,
      width: 56,
      render: (_, row) =>
        row.mainPicture ? <Image src={apiUrl(row.mainPicture)} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : '-',
    },
    { title: t('goods.name'), dataIndex: 'name', search: false, ellipsis: true, width: 110 },
    { title: t('goods.code'), dataIndex: 'code', search: false, ellipsis: true, width: 86 },
    {
      title: t('goods.category'),
      dataIndex: 'category',
      width: 80,
      renderFormItem: ({ value, onChange }) => (
        <CategorySelect label={t('goods.category')} tree={categoryTree} value={value as string | undefined} onChange={onChange} />
      ),
      render: (_, row) => <span title={categoryPath.get(row.category)}>{categoryLabel.get(row.category) ?? row.category}</span>,
    },
    money('price', true),
    {
      title: t('goods.stock'),
      dataIndex: 'stock',
      search: false,
      align: 'right',
      sorter: true,
      width: 76,
      // the SKUs' total; orange when one of them is at or under its threshold (its row says which)
      render: (_, row) =>
        row.lowSkus > 0 ? (
          <span style={{ color: '#d46b08' }} title={t('goods.lowSkus', { n: row.lowSkus })} data-low-skus={row.lowSkus}>
            {row.stock}
          </span>
        ) : (
          row.stock
        ),
    },
    {
      title: t('goods.status'),
      dataIndex: 'status',
      valueType: 'select',
      width: 72,
      valueEnum: {
        draft: { text: t('goods.status.draft') },
        on_sale: { text: t('goods.status.on_sale') },
        off_sale: { text: t('goods.status.off_sale') },
      },
      fieldProps: { 'aria-label': t('goods.status') },
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{statusText(row.status)}</Tag>,
    },
    // 渠道 before 成本价 and the times, so that at 1366 px it is still in the first screen
    ...agencyColumns<GoodsRow>({ title: t('goods.agency'), own: t('goods.own'), filter: !channel, link: agencyLink, width: 140 }),
    money('cost', false),
    {
      title: t('goods.lowStock'),
      dataIndex: 'lowStock',
      valueType: 'select',
      hideInTable: true,
      valueEnum: { '1': { text: t('goods.lowStock.only') } },
      fieldProps: { 'aria-label': t('goods.lowStock') },
    },
    { title: t('goods.createTime'), dataIndex: 'createDate', valueType: 'dateRange', hideInTable: true, fieldProps: { 'aria-label': t('goods.createTime') } },
    { title: t('goods.groundingTime'), dataIndex: 'createDate1', valueType: 'dateRange', hideInTable: true, fieldProps: { 'aria-label': t('goods.groundingTime') } },
    { className: DATE_CELL, title: t('goods.createTime'), dataIndex: 'createTime', search: false, sorter: true, width: 168 },
    { className: DATE_CELL, title: t('goods.groundingTime'), dataIndex: 'groundingTime', search: false, sorter: true, width: 168 },
    // the row's buttons stay in view while the wide table scrolls
    { ...actions, fixed: 'right' },
  ];

  return (
    <>
      <DataTable<GoodsRow, GoodsSearch>
        title={t('goods.title')}
        actionRef={table}
        formRef={form}
        form={{ initialValues: initial }}
        onSearch={(v) => writeUrl(searchQuery(v, DATE_RANGES))}
        columns={columns}
        scroll={{ x: 'max-content' }}
        // a row opens to its SKUs, fetched then: the list itself carries only their range and total
        // (a narrow expander column, so that 渠道 still ends left of the pinned 操作 at 1366 px)
        expandable={{ columnWidth: 32, expandedRowRender: (row) => <SkuRows id={row.id} version={row.updateTime} /> }}
        downUrl={canExport ? GOODS_URL : undefined}
        onSelectionChange={setSelected}
        toolbar={[
          <AddButton key="add" perm="goods" onClick={() => setEditing('new')} />,
          canEdit ? (
            <Space key="batch">
              <Button onClick={() => batch('on_sale')}>{t('goods.batchOnSale')}</Button>
              <Button onClick={() => batch('off_sale')}>{t('goods.batchOffSale')}</Button>
            </Space>
          ) : null,
        ]}
        request={(q, params) => listGoods({ ...pageQuery(params), ...q.filters, sort: q.sort })}
      />
      <GoodsDialog
        key={opened}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </>
  );
}
