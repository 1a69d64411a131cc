import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useT } from '@/shared/lib/i18n';
import { listOnline, type OnlineSession } from './api';

/** Page size choices and default paging (seed-spec §9). */
export const PAGE_SIZES = [10, 15, 20, 30];
export const DEFAULT_PAGE_SIZE = 10;

interface SearchParams {
  current?: number;
  pageSize?: number;
  username?: string;
}

function deptName(dept: OnlineSession['dept']): string | undefined {
  if (!dept) return undefined;
  return typeof dept === 'string' ? dept : dept.name;
}

/** 在线用户: read-only list of signed-in sessions with a username search. */
export default function OnlinePage() {
  const t = useT();
  const columns: ProColumns<OnlineSession>[] = [
    { title: t('online.username'), dataIndex: 'username', fieldProps: { 'aria-label': t('online.username') } },
    { title: t('online.nickName'), dataIndex: 'nickName', search: false },
    { title: t('online.dept'), dataIndex: 'dept', search: false, renderText: (_, row) => deptName(row.dept) },
    { title: t('online.ip'), dataIndex: 'ip', search: false },
    { title: t('online.browser'), dataIndex: 'browser', search: false, ellipsis: true },
    {
      title: t('online.kind'),
      dataIndex: 'kind',
      search: false,
      renderText: (kind: string) =>
        kind === 'channel' ? t('online.kind.channel') : kind === 'staff' ? t('online.kind.staff') : kind,
    },
    { title: t('online.loginTime'), dataIndex: 'loginTime', search: false },
    {
      title: t('online.session'),
      dataIndex: 'current',
      search: false,
      render: (_, row) => (row.current ? <Tag color="blue">{t('online.current')}</Tag> : '-'),
    },
  ];

  return (
    <ProTable<OnlineSession, SearchParams>
      rowKey="sessionId"
      headerTitle={t('online.title')}
      columns={columns}
      columnEmptyText="-"
      search={{ labelWidth: 'auto' }}
      options={{ density: false, fullScreen: false, reload: true, setting: true }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
      request={async (params) => {
        const page = await listOnline({
          page: Math.max((params.current ?? 1) - 1, 0),
          size: params.pageSize ?? DEFAULT_PAGE_SIZE,
          filter: params.username?.trim() ?? '',
        });
        return { data: page.content, total: page.totalElements, success: true };
      }}
    />
  );
}
