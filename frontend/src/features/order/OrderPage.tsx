import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Flex, Tabs, Tag, Typography, type FormInstance } from 'antd';
import { usePermission, useSession } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { DataTable, compact, pageQuery, useActionColumn, type ActionType, type DataColumn } from '@/shared/ui/table';
import { useDicts } from '@/shared/ui/dict';
import { agencyColumns } from '@/shared/ui/picker';
import { listOrders, orderCounts, type OrderCounts, type OrderRow } from './api';
import { lookPath, useOnChange } from '@/shared/lib/look';
import { formatYuan } from '@/shared/lib/money';
import { canEditAddress, canFixShipment, canMove, filtersFromQuery, refundedOf, STATUSES } from './logic';
import { useT } from './messages';
import { DESK_OPS, MOVES, useOrderMoves, useOrderRemark, useShipDesk, type DeskOp } from './moves';
import { PrintButtons } from '@/features/printing';

import { DATE_CELL } from '@/shared/ui/dateCell';
import { DATE_RANGES } from '@/shared/ui/table/logic';
import { searchQuery, useUrlSearch } from '@/shared/ui/table/urlSearch';

interface Search {
  current?: number;
  pageSize?: number;
  orderNo?: string;
  phone?: string;
  agencyId?: number;
  createDate?: string[];
}

/** Whether the shipping desk's op is offered for a row (the BFF decides again). */
export function deskAllows(r: { status: string; shipmentFixUntil?: string }, op: DeskOp): boolean {
  return op === 'address' ? canEditAddress(r.status) : canFixShipment(r);
}

// 导出明细 and the express import are chunks of their own: 订单管理's first load has a budget
// (bundle-report).
const ImportButtons = lazy(() => import('./components/ImportButtons').then((m) => ({ default: m.ImportButtons })));
const ExportItemsButton = lazy(() => import('./components/ExportItemsButton').then((m) => ({ default: m.ExportItemsButton })));

const STATUS_COLOR: Record<string, string> = {
  unpaid: 'orange',
  paid: 'blue',
  shipped: 'cyan',
  completed: 'green',
  closed: 'default',
  refunded: 'red',
};

/**
 * 订单管理: status tabs with counts, filters (also read from the URL, so other pages can link to
 * a filtered list), export, the moves each row's status allows with confirms, 发货 in a dialog,
 * and the express import.
 */
export default function OrderPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const initial = useMemo(() => filtersFromQuery(query), [query]);
  const table = useRef<ActionType>(null);
  const form = useRef<FormInstance>(undefined);
  const [status, setStatus] = useState(initial.status);
  // The tab and the searched filters are the URL's query, so back and reload keep them; a query
  // the page did not write (back, a link to the open page) sets both again.
  const searched = useRef<Record<string, unknown>>(initial.form);
  const writeUrl = useUrlSearch((q) => {
    const next = filtersFromQuery(q);
    setStatus(next.status);
    form.current?.resetFields();
    form.current?.setFieldsValue(next.form);
    form.current?.submit();
  });
  const toUrl = (values: Record<string, unknown>, s: string, push?: boolean) => {
    const q = searchQuery(values, DATE_RANGES);
    if (s) q.set('status', s);
    writeUrl(q, push);
  };
  const [counts, setCounts] = useState<OrderCounts | null>(null);
  // the filters of the rows shown, for 导出明细
  const lastFilters = useRef<Record<string, unknown>>({});
  // The tab counts are asked for beside the rows, never before them (the rows do not wait for
  // them), and only when the filters changed or an order did: a tab, a page or a sort the same
  // filters already counted asks for rows alone (issue 33, return visits).
  const counted = useRef<{ key: string; seq: number } | null>(null);
  const countFor = (filters: Record<string, unknown>) => {
    const key = JSON.stringify(filters);
    if (counted.current?.key === key) return;
    const seq = (counted.current?.seq ?? 0) + 1;
    counted.current = { key, seq };
    orderCounts(filters).then(
      (c) => counted.current?.seq === seq && setCounts(c),
      () => counted.current?.seq === seq && (counted.current = null),
    );
  };
  const express = useDicts('express_company').express_company ?? [];
  const reload = () => {
    counted.current = null; // an order moved: its tab's count changed
    table.current?.reload();
  };
  // a move on an order's detail (/look) shows here: the kept list reloads while hidden
  useOnChange('order', reload);
  const moves = useOrderMoves(reload);
  // the selection across pages: what 打印 prints
  const [selected, setSelected] = useState<Array<number | string>>([]);
  // a remark changes no status: the rows again, not the counts
  const remark = useOrderRemark(() => table.current?.reload());
  const desk = useShipDesk(reload);
  // a channel session is offered its own agency only: no filter, and 渠道管理's pages are staff's
  const channel = useSession((s) => s.user?.kind === 'channel');
  const canLookAgency = usePermission([Perm.AgencyList]) && !channel;
  const agencyLink = canLookAgency ? (id: number, name: string) => <Link to={lookPath('agency', id)}>{name}</Link> : undefined;

  const actions = useActionColumn<OrderRow>({
    perm: 'order',
    extra: [
      { key: 'detail', label: t('order.detail'), perm: Perm.OrderDetail, onClick: (row) => navigate(lookPath('order', row.id)) },
      ...MOVES.map(({ move, perm }) => ({
        key: move,
        label: moves.label(move),
        perm,
        onClick: (r: OrderRow) => moves.start(r, move),
        visible: (r: OrderRow) => canMove(r.status, move),
      })),
    ],
    // rarer than the moves: in 更多, so 详情 and a status's two moves stay inline
    more: [
      { key: 'remark', label: t('order.editRemark'), perm: Perm.OrderEdit, onClick: (r: OrderRow) => remark.start(r) },
      // the shipping desk: offered only while the BFF would allow it
      ...DESK_OPS.map(({ op, perm, label }) => ({
        key: op,
        label: t(label),
        perm,
        onClick: (r: OrderRow) => desk.start(r, op),
        visible: (r: OrderRow) => deskAllows(r, op),
      })),
    ],
    // a paid order offers 发货 and 退款, no status more than two moves
    visibleAtOnce: 2,
  });

  const companyName = (v: string) => express.find((e) => e.value === v)?.label ?? v;
  // the filter stays where it was in the search form; the cell moves with the other columns
  const [agencyFilter, agencyCell] = agencyColumns<OrderRow>({ title: t('order.agency'), own: t('order.own'), filter: !channel, link: agencyLink, width: 120 });
  // 状态, 金额, 下单时间 and the parcel next to the number: at 1366 px they stay in view left of the
  // pinned 操作 column; the agency, the customer and 付款时间 scroll (issue 33).
  const columns: DataColumn<OrderRow>[] = [
    { title: t('order.orderNo'), dataIndex: 'orderNo', copyable: true, fieldProps: { 'aria-label': t('order.orderNo') } },
    {
      title: t('order.status'),
      dataIndex: 'status',
      search: false,
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`order.status.${r.status as (typeof STATUSES)[number]}`)}</Tag>,
    },
    // a phone's card: the number, the status, and these three lines
    {
      title: t('order.amount'),
      dataIndex: 'amount',
      search: false,
      align: 'right',
      card: 'field',
      // a sheet gets what the order's after-sales cases refunded beside the amount
      export: [
        { key: 'amount', title: t('order.amount') },
        { key: 'refunded', title: t('order.refunded') },
      ],
      // a partly refunded order keeps its status: what went back shows under the amount (issue 29)
      render: (_, r) => {
        const refunded = refundedOf(r);
        return refunded ? (
          <Flex vertical>
            <span>{formatYuan(r.amount)}</span>
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('order.refundedAmount', { amount: formatYuan(refunded) })}
            </Typography.Text>
          </Flex>
        ) : (
          formatYuan(r.amount)
        );
      },
    },
    { className: DATE_CELL, title: t('order.createTime'), dataIndex: 'createTime', search: false, card: 'field' },
    {
      title: t('order.express'),
      key: 'trackingNo',
      card: 'field',
      dataIndex: 'trackingNo',
      search: false,
      width: 150,
      // a sheet gets the company's name and the number as two columns
      export: [
        { key: 'expressCompany', title: t('order.expressCompany') },
        { key: 'trackingNo', title: t('order.trackingNo') },
      ],
      // the company above the number, which staff copy into the carrier's tracking page
      render: (_, r) =>
        r.trackingNo ? (
          <Flex vertical>
            <Typography.Text type="secondary">{companyName(r.expressCompany)}</Typography.Text>
            <Typography.Text copyable={{ text: r.trackingNo }}>{r.trackingNo}</Typography.Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    agencyCell,
    { title: t('order.customer'), dataIndex: 'customerName', search: false },
    { title: t('order.phone'), dataIndex: 'phone', fieldProps: { 'aria-label': t('order.phone'), placeholder: t('order.phoneHint') } },
    agencyFilter,
    { title: t('order.freight'), dataIndex: 'freight', search: false, align: 'right', render: (_, r) => formatYuan(r.freight) },
    { className: DATE_CELL, title: t('order.payTime'), dataIndex: 'payTime', search: false },
    { title: t('order.createTime'), dataIndex: 'createDate', valueType: 'dateRange', hideInTable: true },
    // kept in view at 1366 px however wide the other columns make the table
    { ...actions, fixed: 'right' },
  ];

  const tab = (key: string, label: string, n: number | undefined) => ({ key, label: n === undefined ? label : `${label} (${n})` });
  return (
    <>
      <Tabs
        activeKey={status || 'all'}
        onChange={(k) => {
          const s = k === 'all' ? '' : k;
          setStatus(s);
          toUrl(searched.current, s, true);
        }}
        style={{ marginBottom: 0, paddingInline: 16, background: 'var(--ant-color-bg-container)' }}
        items={[
          tab('all', t('order.all'), counts?.all),
          ...STATUSES.map((s) => tab(s, t(`order.status.${s}`), counts?.[s])),
        ]}
      />
      <DataTable<OrderRow, Search & { status: string }>
        title={t('order.title')}
        actionRef={table}
        columns={columns}
        params={{ status }}
        formRef={form}
        form={{ initialValues: initial.form }}
        onSearch={(v) => {
          searched.current = v;
          toUrl(v, status);
        }}
        scroll={{ x: 'max-content' }}
        downUrl="/api/orders"
        onSelectionChange={(rows) => setSelected(rows.map((r) => r.id))}
        toolbar={[
          <Suspense key="print" fallback={null}>
            <PrintButtons ids={selected} />
          </Suspense>,
          <Suspense key="import" fallback={null}>
            <ImportButtons onImported={reload} />
          </Suspense>,
          <Suspense key="items" fallback={null}>
            <ExportItemsButton filters={() => ({ ...lastFilters.current, ...compact({ status: status || undefined }) })} />
          </Suspense>,
        ]}
        request={async (q, params) => {
          const filters = compact({
            orderNo: params.orderNo?.trim(),
            phone: params.phone?.trim(),
            agencyId: params.agencyId,
            startTime: q.filters.startTime as string | undefined,
            endTime: q.filters.endTime as string | undefined,
          });
          countFor(filters);
          lastFilters.current = filters;
          return listOrders({ ...pageQuery(params), ...filters, ...compact({ status: status || undefined }) });
        }}
      />
      {moves.dialog}
      {remark.dialog}
      {desk.dialog}
    </>
  );
}
