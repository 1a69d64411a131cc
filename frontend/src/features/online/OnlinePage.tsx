import { Tag } from 'antd';
import { useT } from './messages';
import { DataTable, type DataColumn } from '@/shared/ui/table';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { listOnline, ONLINE_URL, type OnlineSession } from './api';
import { DATE_CELL } from '@/shared/ui/dateCell';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/shared/ui/table';

/** 在线用户: signed-in sessions; search by user name, export, and 强退 (the table's delete: one row or the selected) with online:del. */
export default function OnlinePage() {
  const t = useT();
  const canKick = usePermission([Perm.OnlineDel]);
  const columns: DataColumn<OnlineSession>[] = [
    {
      key: 'username',
      title: t('online.username'),
      dataIndex: 'username',
      fieldProps: { 'aria-label': t('online.username') },
      // the BFF searches user and nick names with one "filter"
      search: { transform: (v: string) => ({ filter: v }) },
    },
    { key: 'nickName', title: t('online.nickName'), dataIndex: 'nickName', search: false },
    { key: 'dept', title: t('online.dept'), dataIndex: 'dept', search: false, renderText: (_, row) => row.dept || undefined },
    { key: 'ip', title: t('online.ip'), dataIndex: 'ip', search: false },
    { key: 'browser', title: t('online.browser'), dataIndex: 'browser', search: false, ellipsis: true, width: 160 },
    {
      key: 'kind',
      title: t('online.kind'),
      dataIndex: 'kind',
      search: false,
      renderText: (kind: string) =>
        kind === 'channel' ? t('online.kind.channel') : kind === 'staff' ? t('online.kind.staff') : kind,
    },
    { className: DATE_CELL, key: 'loginTime', title: t('online.loginTime'), dataIndex: 'loginTime', search: false },
    {
      key: 'current',
      title: t('online.session'),
      dataIndex: 'current',
      search: false,
      export: false,
      render: (_, row) => (row.current ? <Tag color="blue">{t('online.current')}</Tag> : '-'),
    },
  ];

  return (
    <DataTable<OnlineSession>
      title={t('online.title')}
      rowKey="sessionId"
      columns={columns}
      // columns as wide as their words (no heading broken mid-word in English); the 操作 column stays in view
      scroll={{ x: 'max-content' }}
      downUrl={ONLINE_URL}
      deleteUrl={canKick ? ONLINE_URL : undefined}
      deleteText={{ label: t('online.kick'), confirm: t('online.kick.confirm'), done: t('online.kick.done') }}
      canDeleteRow={(row) => !row.current}
      request={(q) => listOnline({ page: q.page, size: q.size, filter: String(q.filters.filter ?? '') })}
    />
  );
}
