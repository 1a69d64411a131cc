import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Space, Typography } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { lazyDialog } from '@/shared/ui/form';
import { DataTable, pageQuery, type ActionType, type DataColumn } from '@/shared/ui/table';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { LEDGER_URL, listLedger, REASONS, type AdjustType, type LedgerRow, type Reason } from './api';
import { useT } from './messages';

// the dialog is its own chunk, fetched after the list has drawn (issue 13)
const AdjustDialog = lazyDialog(() => import('./components/AdjustDialog'));

interface Search {
  current?: number;
  pageSize?: number;
  skuCode?: string;
  reason?: string;
  operator?: string;
  createDate?: string[];
}

const ADJUSTS: readonly AdjustType[] = ['in', 'out', 'stocktake'];

/**
 * 库存流水: every change of a SKU's stock, newest first, filtered by SKU code, reason, time and
 * operator; export; 入库 / 出库 / 盘点 in a dialog (stock:adjust). A channel operator sees their
 * agency's SKUs only (the BFF's scope).
 */
export default function StockPage() {
  const t = useT();
  const table = useRef<ActionType>(null);
  const [adjusting, setAdjusting] = useState<AdjustType | null>(null);
  const canAdjust = usePermission([Perm.StockAdjust]);
  const canExport = usePermission([Perm.StockExport]);
  const canListOrders = usePermission([Perm.OrderList]);
  const reasonText = (r: string) => ((REASONS as readonly string[]).includes(r) ? t(`stock.reason.${r as Reason}`) : r);

  const columns: DataColumn<LedgerRow>[] = [
    { title: t('stock.skuCode'), dataIndex: 'skuCode', copyable: true, fieldProps: { 'aria-label': t('stock.skuCode') } },
    {
      title: t('stock.delta'),
      dataIndex: 'delta',
      search: false,
      align: 'right',
      render: (_, r) => (
        <Typography.Text type={r.delta < 0 ? 'danger' : 'success'} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {r.delta > 0 ? `+${r.delta}` : r.delta}
        </Typography.Text>
      ),
    },
    { title: t('stock.balance'), dataIndex: 'balance', search: false, align: 'right' },
    {
      title: t('stock.reason'),
      dataIndex: 'reason',
      valueType: 'select',
      valueEnum: Object.fromEntries(REASONS.map((r) => [r, { text: t(`stock.reason.${r}`) }])),
      fieldProps: { 'aria-label': t('stock.reason') },
      render: (_, r) => reasonText(r.reason),
    },
    {
      title: t('stock.orderNo'),
      dataIndex: 'orderNo',
      search: false,
      // 订单管理 opens filtered on the number (it reads its filters from the address)
      render: (_, r) => {
        if (!r.orderNo) return '-';
        return canListOrders ? <Link to={`/mall/order?${new URLSearchParams({ orderNo: r.orderNo }).toString()}`}>{r.orderNo}</Link> : r.orderNo;
      },
    },
    { title: t('stock.operator'), dataIndex: 'operator', fieldProps: { 'aria-label': t('stock.operator') } },
    { title: t('stock.note'), dataIndex: 'note', search: false, ellipsis: true, render: (_, r) => r.note || '-' },
    { title: t('stock.createTime'), dataIndex: 'createDate', valueType: 'dateRange', hideInTable: true, fieldProps: { 'aria-label': t('stock.createTime') } },
    { className: DATE_CELL, title: t('stock.createTime'), dataIndex: 'createTime', search: false },
  ];

  return (
    <>
      <DataTable<LedgerRow, Search>
        title={t('stock.title')}
        actionRef={table}
        columns={columns}
        selection={canExport}
        scroll={{ x: 'max-content' }}
        downUrl={canExport ? LEDGER_URL : undefined}
        toolbar={
          canAdjust
            ? [
                <Space key="adjust">
                  {ADJUSTS.map((a) => (
                    <Button key={a} type={a === 'in' ? 'primary' : 'default'} onClick={() => setAdjusting(a)}>
                      {t(`stock.${a}`)}
                    </Button>
                  ))}
                </Space>,
              ]
            : []
        }
        request={(q, params) => listLedger({ ...pageQuery(params), ...(q.filters as Record<string, string>) })}
      />
      <AdjustDialog
        type={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => {
          setAdjusting(null);
          table.current?.reload();
        }}
      />
    </>
  );
}
