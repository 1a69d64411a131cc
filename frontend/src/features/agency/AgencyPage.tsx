import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Tag } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { lookPath } from '@/shared/lib/look';
import { apiUrl } from '@/shared/lib/runtime';
import { AddButton, DataTable, pageQuery, useActionColumn, type DataColumn, type ActionType } from '@/shared/ui/table';
import OperatorsDrawer from './components/OperatorsDrawer';
import { AGENCY_URL, deleteAgencies, listAgencies, type AgencyRow } from './api';
import { CERT_COLOR } from './certColor';
import { useT } from './messages';
import { lazyDialog } from '@/shared/ui/form';
// the dialogs are their own chunks, fetched after the list has drawn (issue 13)
const AgencyDialog = lazyDialog(() => import('./components/AgencyDialog'));

import { DATE_CELL } from '@/shared/ui/dateCell';

/**
 * 渠道管理: search (keyword, status, certification, creation range), sort by name, code and
 * creation time, export, create/edit/delete, the operators drawer and 详情 on each row.
 */
export default function AgencyPage() {
  const t = useT();
  const navigate = useNavigate();
  const table = useRef<ActionType>(null);
  const canExport = usePermission([Perm.AgencyExport]);
  const [editing, setEditingState] = useState<AgencyRow | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const [operatorsOf, setOperatorsOf] = useState<AgencyRow | null>(null);
  const setEditing = (next: AgencyRow | 'new' | null) => {
    if (next !== null) setOpened((n) => n + 1);
    setEditingState(next);
  };
  const reload = () => void table.current?.reload();

  const actions = useActionColumn<AgencyRow>({
    perm: 'agency',
    onEdit: setEditing,
    extra: [
      { key: 'operators', label: t('agency.operators'), perm: Perm.AgencyList, onClick: setOperatorsOf },
      { key: 'look', label: t('agency.detail'), perm: Perm.AgencyList, onClick: (row) => void navigate(lookPath('agency', row.id)) },
    ],
    remove: (row) => deleteAgencies([row.id]),
    reload,
  });

  // 状态, 认证状态 and 创建时间 next to the name: at 1366 px they stay in view left of the pinned
  // 操作 column; the code and the contact scroll (issue 33).
  const columns: DataColumn<AgencyRow>[] = [
    { title: t('agency.keyword'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('agency.keyword') } },
    {
      title: t('agency.logo'),
      dataIndex: 'logo',
      search: false,
      export: false,
      // a phone's card is headed by the name
      card: 'hide',
      width: 64,
      render: (_, row) => <Avatar shape="square" size={36} src={row.logo ? apiUrl(row.logo) : undefined} icon={<ShopOutlined />} alt={row.name} />,
    },
    { title: t('agency.name'), dataIndex: 'name', search: false, sorter: true, ellipsis: true, width: 180 },
    {
      title: t('agency.status'),
      dataIndex: 'enabled',
      valueType: 'select',
      width: 80,
      valueEnum: { true: { text: t('agency.status.on') }, false: { text: t('agency.status.off') } },
      fieldProps: { 'aria-label': t('agency.status') },
      render: (_, row) => <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? t('agency.status.on') : t('agency.status.off')}</Tag>,
    },
    {
      title: t('agency.cert'),
      dataIndex: 'certStatus',
      valueType: 'select',
      width: 90,
      valueEnum: {
        none: { text: t('agency.cert.none') },
        pending: { text: t('agency.cert.pending') },
        approved: { text: t('agency.cert.approved') },
        rejected: { text: t('agency.cert.rejected') },
      },
      fieldProps: { 'aria-label': t('agency.cert') },
      render: (_, row) => <Tag color={CERT_COLOR[row.certStatus]}>{t(`agency.cert.${row.certStatus}`)}</Tag>,
    },
    { className: DATE_CELL, title: t('agency.createTime'), dataIndex: 'createTime', search: false, sorter: true, width: 168 },
    { title: t('agency.code'), dataIndex: 'code', search: false, sorter: true, width: 110 },
    { title: t('agency.contact'), dataIndex: 'contact', search: false, width: 90 },
    { title: t('agency.phone'), dataIndex: 'phone', search: false, width: 120 },
    { title: t('agency.region'), dataIndex: 'region', search: false, ellipsis: true, width: 160 },
    { title: t('agency.createTime'), dataIndex: 'createDate', valueType: 'dateRange', hideInTable: true, fieldProps: { 'aria-label': t('agency.createTime') } },
    { ...actions, fixed: 'right' },
  ];

  return (
    <>
      <DataTable<AgencyRow>
        title={t('agency.title')}
        actionRef={table}
        columns={columns}
        scroll={{ x: 'max-content' }}
        downUrl={canExport ? AGENCY_URL : undefined}
        toolbar={[<AddButton key="add" perm="agency" onClick={() => setEditing('new')} />]}
        request={(q, params) => listAgencies({ ...pageQuery(params), ...q.filters, sort: q.sort })}
      />
      <AgencyDialog
        key={opened}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <OperatorsDrawer agency={operatorsOf} onClose={() => setOperatorsOf(null)} />
    </>
  );
}
