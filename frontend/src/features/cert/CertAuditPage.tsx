import { useRef, useState } from 'react';
import { Tag } from 'antd';
import { DataTable, useActionColumn, type DataColumn, type ActionType } from '@/shared/ui/table';
import { listCerts, type CertRow } from './api';
import { CertReview, STATUS_COLOR } from './components/CertReview';
import { useT } from './messages';
import { DATE_CELL } from '@/shared/ui/dateCell';

/** 企业认证审核 (staff): the agencies' certifications, newest first; 详情 and, while pending, 审核. */
export default function CertAuditPage() {
  const t = useT();
  const table = useRef<ActionType>(null);
  const [open, setOpen] = useState<number | null>(null);
  const actions = useActionColumn<CertRow>({
    perm: 'cert',
    extra: [
      { key: 'audit', label: t('cert.audit'), perm: 'cert:audit', onClick: (r) => setOpen(r.id), visible: (r) => r.status === 'pending' },
      { key: 'detail', label: t('cert.detail'), perm: 'cert:list', onClick: (r) => setOpen(r.id), visible: (r) => r.status !== 'pending' },
    ],
  });
  const columns: DataColumn<CertRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { title: t('cert.agency'), dataIndex: 'agencyName', search: false },
    { title: t('cert.companyName'), dataIndex: 'companyName', search: false },
    { title: t('cert.creditCode'), dataIndex: 'creditCode', search: false },
    { title: t('cert.legalPerson'), dataIndex: 'legalPerson', search: false },
    { title: t('cert.idNumber'), dataIndex: 'idNumber', search: false },
    {
      title: t('cert.status'),
      dataIndex: 'status',
      valueType: 'select',
      width: 90,
      valueEnum: {
        pending: { text: t('cert.status.pending') },
        approved: { text: t('cert.status.approved') },
        rejected: { text: t('cert.status.rejected') },
      },
      fieldProps: { 'aria-label': t('cert.status') },
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t(`cert.status.${row.status}`)}</Tag>,
    },
    { className: DATE_CELL, title: t('cert.submitTime'), dataIndex: 'submitTime', search: false, width: 170 },
    actions,
  ];
  return (
    <>
      <DataTable<CertRow>
        title={t('cert.auditTitle')}
        actionRef={table}
        selection={false}
        columns={columns}
        request={(q) => listCerts({ page: q.page, size: q.size, ...q.filters })}
      />
      {open !== null ? (
        <CertReview
          id={open}
          onClose={() => setOpen(null)}
          onDecided={() => {
            setOpen(null);
            table.current?.reload();
          }}
        />
      ) : null}
    </>
  );
}
