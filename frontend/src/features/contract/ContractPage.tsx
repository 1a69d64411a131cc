import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { lookPath } from '@/shared/lib/look';
import { formatYuan } from '@/shared/lib/money';
import { AddButton, DataTable, pageQuery, useActionColumn, type DataColumn, type ActionType } from '@/shared/ui/table';
import { StatusTag } from './components/StatusTag';
import { CONTRACT_STATUSES, CONTRACT_URL, canMoveRow, deleteContracts, editable, listContracts, moveContract, type ContractAction, type ContractRow } from './api';
import { useT } from './messages';
import { placeholder } from '@/shared/lib/rules';
import { lazyDialog } from '@/shared/ui/form';
// the dialogs are their own chunks, fetched after the list has drawn (issue 13)
const ContractDialog = lazyDialog(() => import('./components/ContractDialog'));
// The detail drawer (its upload, PDF preview, descriptions) is fetched on the first 查看, then
// stays mounted so it closes with its animation.
const ContractDrawer = lazy(() => import('./components/ContractDrawer'));

import { DATE_CELL } from '@/shared/ui/dateCell';

/**
 * 合同管理 (staff) and 合同 (a channel operator, whose rows the BFF narrows to their agency):
 * search by number, agency, status, term and 即将到期; export; create and edit drafts; 提交签署,
 * 标记已签署 (after a scan is attached), 终止; the detail drawer with the attachments and their
 * preview.
 */
export default function ContractPage() {
  const t = useT();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  // the dashboard's 合同即将到期 links here with ?expiring=1
  const initial = useMemo(() => (new URLSearchParams(location.search).get('expiring') === '1' ? { expiring: '1' } : {}), [location.search]);
  const table = useRef<ActionType>(null);
  const canExport = usePermission([Perm.ContractExport]);
  const [editing, setEditingState] = useState<ContractRow | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const [showing, setShowing] = useState<number | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (showing !== null && !drawerUsed) setDrawerUsed(true);
  const setEditing = (next: ContractRow | 'new' | null) => {
    if (next !== null) setOpened((n) => n + 1);
    setEditingState(next);
  };
  const reload = () => void table.current?.reload();

  const move = (row: ContractRow, action: ContractAction) =>
    modal.confirm({
      title: t('common.hint'),
      content: t(`contract.confirm.${action}`, { no: row.contractNo }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      // A refusal (the contract moved meanwhile, its scan was deleted) closes the confirm: the
      // request client shows the server's reason, and the reload shows the contract as it is.
      onOk: async () => {
        try {
          await moveContract(row.id, action);
          void message.success(t('contract.moved'));
        } catch {
          // the request client has shown the error
        }
        reload();
      },
    });

  const actions = useActionColumn<ContractRow>({
    perm: 'contract',
    onEdit: (row) => (editable(row.status) ? setEditing(row) : setShowing(row.id)),
    extra: [
      { key: 'detail', label: t('contract.detail'), perm: Perm.ContractList, onClick: (row) => setShowing(row.id) },
      ...(['submit', 'sign', 'terminate'] as const).map((a) => ({
        key: a,
        label: t(`contract.${a}`),
        perm: Perm.ContractEdit,
        onClick: (row: ContractRow) => move(row, a),
        visible: (row: ContractRow) => canMoveRow(row, a),
      })),
    ],
    more: [{ key: 'look', label: t('contract.detail') + ' ↗', perm: Perm.ContractList, onClick: (row) => void navigate(lookPath('contract', row.id)) }],
    remove: (row) => deleteContracts([row.id]),
    canDelete: (row) => row.status === 'draft',
    reload,
    // pending_sign offers 签署 and 终止 together
    visibleAtOnce: 2,
  });

  // What staff read first (the number, 状态, the term, 金额, 创建时间) comes first: at 1366 px
  // they stay in view left of the pinned 操作 column; 名称 and 渠道 scroll (issue 33).
  const columns: DataColumn<ContractRow>[] = [
    { title: t('contract.no'), dataIndex: 'contractNo', width: 150, order: 2, fieldProps: { 'aria-label': t('contract.no') } },
    {
      title: t('contract.status'),
      dataIndex: 'status',
      valueType: 'select',
      // 即将到期 goes under the status where both do not fit
      width: 110,
      valueEnum: Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, { text: t(`contract.status.${s}`) }])),
      fieldProps: { 'aria-label': t('contract.status') },
      render: (_, row) => <StatusTag row={row} />,
    },
    {
      title: t('contract.term'),
      dataIndex: 'term',
      search: false,
      width: 120,
      // the start over the end, so the column is one date wide
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.startDate} ~<br />
          {row.endDate}
        </span>
      ),
    },
    { title: t('contract.amount'), dataIndex: 'amount', search: false, align: 'right', sorter: true, width: 110, render: (_, row) => formatYuan(row.amount) },
    { className: DATE_CELL, title: t('contract.createTime'), dataIndex: 'createTime', search: false, sorter: true, width: 168 },
    { title: t('contract.name'), dataIndex: 'name', search: false, ellipsis: true, width: 130 },
    {
      title: t('contract.agency'),
      dataIndex: 'agencyId',
      valueType: 'digit',
      width: 150,
      ellipsis: true,
      // second in the search form, as before the columns moved
      order: 1,
      fieldProps: { 'aria-label': t('contract.agencyId'), min: 1, precision: 0, placeholder: placeholder(t('contract.agencyId'), 'number') },
      render: (_, row) => row.agencyName || `#${row.agencyId}`,
    },
    { title: t('contract.term'), dataIndex: 'createDate', valueType: 'dateRange', hideInTable: true, fieldProps: { 'aria-label': t('contract.term') } },
    {
      title: t('contract.expiring'),
      dataIndex: 'expiring',
      valueType: 'select',
      hideInTable: true,
      valueEnum: { '1': { text: t('contract.expiringOnly') } },
      fieldProps: { 'aria-label': t('contract.expiring') },
    },
    { title: t('contract.endDate'), dataIndex: 'endDate', search: false, sorter: true, hideInTable: true },
    { ...actions, fixed: 'right' },
  ];

  return (
    <>
      <DataTable<ContractRow>
        title={t('contract.title')}
        actionRef={table}
        columns={columns}
        form={{ initialValues: initial }}
        scroll={{ x: 'max-content' }}
        downUrl={canExport ? CONTRACT_URL : undefined}
        toolbar={[<AddButton key="add" perm="contract" onClick={() => setEditing('new')} />]}
        request={(q, params) => listContracts({ ...pageQuery(params), ...q.filters, sort: q.sort })}
      />
      <ContractDialog
        key={opened}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      {drawerUsed && (
        <Suspense fallback={null}>
          <ContractDrawer id={showing} onClose={() => setShowing(null)} onChanged={reload} />
        </Suspense>
      )}
    </>
  );
}
