import { Tag } from 'antd';
import { useT } from './messages';
import { useLanguage } from '@/shared/lib/i18n';
import { DataTable, type DataColumn, type ListQuery } from '@/shared/ui/table';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { LOGS_URL, listLogs, type LogQuery, type LogRow } from './api';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { ChangesTable } from './ChangesTable';

/** The table's query as GET /api/logs reads it: the createDate bounds become createTime=from&createTime=to. */
export function logQuery({ page, size, filters: f }: ListQuery): LogQuery {
  const text = (v: unknown) => (v === undefined ? undefined : String(v));
  return {
    page,
    size,
    blurry: text(f.blurry),
    username: text(f.username),
    action: text(f.action),
    success: f.success === undefined ? undefined : String(f.success) === 'true',
    createTime: f.startTime && f.endTime ? [String(f.startTime), String(f.endTime)] : undefined,
  };
}

/** 操作日志: every write through the API, newest first (read-only); an edit's row expands to the fields it changed. */
export default function LogPage() {
  const t = useT();
  // the export is the list's (log:list), as in eladmin
  const canExport = usePermission([Perm.LogList]);
  const english = useLanguage((s) => s.language) === 'en-US';
  const columns: DataColumn<LogRow>[] = [
    { key: 'blurry', title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { key: 'username', title: t('log.username'), dataIndex: 'username', fieldProps: { 'aria-label': t('log.username') } },
    {
      key: 'action',
      title: t('log.action'),
      dataIndex: 'action',
      fieldProps: { 'aria-label': t('log.action') },
      // the server names actions in both languages; a route without a name shows its method and path only
      render: (_, r) => (english && r.actionEn ? r.actionEn : r.action) || '-',
    },
    {
      // the fields an edit changed, by name; the row expands to show them before → after
      key: 'changes',
      title: t('log.changes'),
      search: false,
      // not a sheet's column: the export writes the entry's own fields
      export: false,
      ellipsis: true,
      width: 160,
      render: (_, r) => (r.changes?.length ? r.changes.map((c) => c.field).join(', ') : '-'),
    },
    { key: 'method', title: t('log.method'), dataIndex: 'method', search: false },
    { key: 'path', title: t('log.path'), dataIndex: 'path', search: false, ellipsis: true },
    { key: 'requestIp', title: t('log.ip'), dataIndex: 'requestIp', search: false },
    { key: 'browser', title: t('log.browser'), dataIndex: 'browser', search: false, ellipsis: true },
    {
      key: 'success',
      title: t('log.status'),
      dataIndex: 'success',
      valueType: 'select',
      valueEnum: { true: { text: t('log.ok') }, false: { text: t('log.fail') } },
      render: (_, r) => <Tag color={r.success ? 'green' : 'red'}>{`${r.success ? t('log.ok') : t('log.fail')} ${r.status}`}</Tag>,
    },
    { key: 'reason', title: t('log.reason'), dataIndex: 'reason', search: false, ellipsis: true, render: (_, r) => r.reason || '-' },
    { key: 'time', title: t('log.time'), dataIndex: 'time', search: false },
    // the table's date-range filter (createDate → startTime/endTime) is the log's createTime range
    { key: 'createDate', title: t('sys.createTime'), dataIndex: 'createDate', valueType: 'dateTimeRange', hideInTable: true },
    { className: DATE_CELL, key: 'createTime', title: t('sys.createTime'), dataIndex: 'createTime', search: false },
  ];
  return (
    <DataTable<LogRow>
      title={t('log.title')}
      rowKey="id"
      columns={columns}
      downUrl={canExport ? LOGS_URL : undefined}
      request={(q) => listLogs(logQuery(q))}
      expandable={{
        rowExpandable: (r) => !!r.changes?.length,
        expandedRowRender: (r) => <ChangesTable changes={r.changes ?? []} />,
      }}
    />
  );
}
