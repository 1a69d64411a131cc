import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Tabs, Tag, Typography, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { usePermission } from '@/features/auth';
import { DataTable, compact, pageQuery, useActionColumn, type ActionType, type DataColumn } from '@/shared/ui/table';
import { useDicts } from '@/shared/ui/dict';
import { lazyDialog } from '@/shared/ui/form';
import { formatYuan } from '@/shared/lib/money';
import { useOnChange } from '@/shared/lib/look';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { DATE_RANGES } from '@/shared/ui/table/logic';
import { searchQuery, useUrlSearch } from '@/shared/ui/table/urlSearch';
import { AsPerm, BASE, caseCounts, listCases, type CaseCounts, type CaseRow } from './api';
import { CASE_MOVES, STATUSES, TYPES, canMove, filtersFromQuery } from './logic';
import { useCaseMoves } from './moves';
import { useT } from './messages';

// the drawer and 代客申请 come after the list has drawn: not in the page's first load
const CaseDrawer = lazyDialog(() => import('./components/CaseDrawer'));
const OpenCaseDialog = lazyDialog(() => import('./components/OpenCaseDialog'));

interface Search {
  current?: number;
  pageSize?: number;
  caseNo?: string;
  orderNo?: string;
  phone?: string;
  type?: string;
  createDate?: string[];
}

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
const REASON_DICT = 'aftersale_reason';

/**
 * 售后管理 (issue 29): tabs by status with counts, filters kept in the URL (the dashboard links to a
 * status), export, the moves each case's status allows (同意, 拒绝, 确认收货, 退款) behind their
 * permissions, the detail in a drawer, and 代客申请.
 */
export default function AftersalePage() {
  const t = useT();
  const [query] = useSearchParams();
  const initial = useMemo(() => filtersFromQuery(query), [query]);
  const table = useRef<ActionType>(null);
  const form = useRef<FormInstance>(undefined);
  const [status, setStatus] = useState(initial.status);
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
  const [counts, setCounts] = useState<CaseCounts | null>(null);
  const [looking, setLooking] = useState<number | null>(null);
  const [opening, setOpening] = useState(false);
  const reasons = useDicts(REASON_DICT)[REASON_DICT] ?? [];
  const reload = () => table.current?.reload();
  // a move on a case's detail page (/look) shows here: the kept list reloads while hidden
  useOnChange('aftersale', reload);
  const moves = useCaseMoves(reload);
  const canOpen = usePermission([AsPerm.Audit]);
  const canExport = usePermission([AsPerm.Export]);

  const actions = useActionColumn<CaseRow>({
    perm: 'aftersale',
    extra: [
      { key: 'detail', label: t('as.detail'), perm: AsPerm.List, onClick: (row) => setLooking(row.id) },
      ...CASE_MOVES.map(({ move, perm }) => ({
        key: move,
        label: moves.label(move),
        perm,
        onClick: (r: CaseRow) => moves.start(r, move),
        visible: (r: CaseRow) => canMove(r, move),
      })),
    ],
    // a case in 申请中 offers 同意 and 拒绝; no status more than two moves
    visibleAtOnce: 2,
  });

  const typeEnum = Object.fromEntries(TYPES.map((x) => [x, { text: t(`as.type.${x}`) }]));
  const columns: DataColumn<CaseRow>[] = [
    {
      title: t('as.caseNo'),
      dataIndex: 'caseNo',
      fieldProps: { 'aria-label': t('as.caseNo') },
      render: (_, r) => (
        <Typography.Link onClick={() => setLooking(r.id)} copyable={{ text: r.caseNo }}>
          {r.caseNo}
        </Typography.Link>
      ),
    },
    {
      title: t('as.status'),
      dataIndex: 'status',
      search: false,
      render: (_, r) => (
        <>
          <Tag color={STATUS_COLOR[r.status]}>{t(`as.status.${r.status}`)}</Tag>
          {r.refundState === 'approving' || r.refundState === 'failed' ? (
            <Typography.Text type={r.refundState === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t(`as.refundState.${r.refundState}`)}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: t('as.type'), dataIndex: 'type', valueType: 'select', valueEnum: typeEnum, fieldProps: { 'aria-label': t('as.type') }, card: 'field' },
    { title: t('as.amount'), dataIndex: 'amount', search: false, align: 'right', card: 'field', render: (_, r) => formatYuan(r.amount) },
    { title: t('as.orderNo'), dataIndex: 'orderNo', copyable: true, fieldProps: { 'aria-label': t('as.orderNo') } },
    { className: DATE_CELL, title: t('as.createTime'), dataIndex: 'createTime', search: false, card: 'field' },
    { title: t('as.customer'), dataIndex: 'customerName', search: false },
    { title: t('as.phone'), dataIndex: 'phone', fieldProps: { 'aria-label': t('as.phone'), placeholder: t('as.phoneHint') } },
    {
      title: t('as.reason'),
      dataIndex: 'reason',
      search: false,
      render: (_, r) => reasons.find((x) => x.value === r.reason)?.label ?? (r.reason || '-'),
    },
    { title: t('as.createTime'), dataIndex: 'createDate', valueType: 'dateRange', hideInTable: true },
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
        items={[tab('all', t('as.all'), counts?.all), ...STATUSES.map((s) => tab(s, t(`as.status.${s}`), counts?.[s]))]}
      />
      <DataTable<CaseRow, Search & { status: string }>
        title={t('as.title')}
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
        downUrl={canExport ? BASE : undefined}
        toolbar={
          canOpen
            ? [
                <Button key="open" type="primary" icon={<PlusOutlined />} onClick={() => setOpening(true)}>
                  {t('as.open')}
                </Button>,
              ]
            : []
        }
        request={async (q, params) => {
          const filters = compact({
            caseNo: params.caseNo?.trim(),
            orderNo: params.orderNo?.trim(),
            phone: params.phone?.trim(),
            type: params.type,
            startTime: q.filters.startTime as string | undefined,
            endTime: q.filters.endTime as string | undefined,
          });
          const [page, c] = await Promise.all([
            listCases({ ...pageQuery(params), ...filters, ...compact({ status: status || undefined }) }),
            caseCounts(filters),
          ]);
          setCounts(c);
          return page;
        }}
      />
      {moves.dialog}
      <CaseDrawer id={looking} onClose={() => setLooking(null)} onMoved={reload} />
      <OpenCaseDialog
        open={opening}
        onClose={() => setOpening(false)}
        onOpened={(id: number) => {
          setOpening(false);
          reload();
          setLooking(id);
        }}
      />
    </>
  );
}
