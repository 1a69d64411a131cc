import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useT } from '@/shared/lib/i18n';
import { compact, pageQuery, usePagination } from '@/shared/ui/table';
import { tableOptions } from '@/features/system/listParts';
import { listLogs, type LogRow } from './api';

interface Search {
  current?: number;
  pageSize?: number;
  blurry?: string;
  username?: string;
  success?: string;
  createTime?: string[];
}

/** 操作日志: every write through the API, newest first (read-only). */
export default function LogPage() {
  const t = useT();
  const pagination = usePagination();
  const columns: ProColumns<LogRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { title: t('log.username'), dataIndex: 'username', fieldProps: { 'aria-label': t('log.username') } },
    { title: t('log.method'), dataIndex: 'method', search: false },
    { title: t('log.path'), dataIndex: 'path', search: false, ellipsis: true },
    { title: t('log.ip'), dataIndex: 'requestIp', search: false },
    { title: t('log.browser'), dataIndex: 'browser', search: false, ellipsis: true },
    {
      title: t('log.status'),
      dataIndex: 'success',
      valueType: 'select',
      valueEnum: { true: { text: t('log.ok') }, false: { text: t('log.fail') } },
      render: (_, r) => <Tag color={r.success ? 'green' : 'red'}>{`${r.success ? t('log.ok') : t('log.fail')} ${r.status}`}</Tag>,
    },
    { title: t('log.time'), dataIndex: 'time', search: false },
    { title: t('sys.createTime'), dataIndex: 'createTime', valueType: 'dateTimeRange', hideInTable: true },
    { title: t('sys.createTime'), dataIndex: 'createTime', search: false },
  ];
  return (
    <ProTable<LogRow, Search>
      rowKey="id"
      headerTitle={t('log.title')}
      columns={columns}
      columnEmptyText="-"
      search={{ labelWidth: 'auto' }}
      options={tableOptions}
      pagination={pagination}
      request={async (params) => {
        const page = await listLogs({
          ...pageQuery(params),
          ...compact({
            blurry: params.blurry?.trim(),
            username: params.username?.trim(),
            success: params.success === undefined ? undefined : params.success === 'true',
            createTime: params.createTime,
          }),
        });
        return { data: page.content, total: page.totalElements, success: true };
      }}
    />
  );
}
