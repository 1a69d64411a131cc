import { useRef } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Tag } from 'antd';
import { Permission, usePermission } from '@/features/auth/permission';
import { useT } from '@/shared/lib/i18n';
import { kickOnline, listOnline, type OnlineSession } from './api';

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

/** 在线用户: signed-in sessions with a username search; 强退 ends one or many (online:del). */
export default function OnlinePage() {
  const t = useT();
  const { modal, message } = App.useApp();
  const table = useRef<ActionType>(null);
  const canKick = usePermission(['online:del']);
  const kick = (ids: string[]) =>
    modal.confirm({
      title: t('common.hint'),
      content: t('online.kick.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okType: 'danger',
      onOk: async () => {
        await kickOnline(ids);
        void message.success(t('online.kick.done'));
        table.current?.clearSelected?.();
        table.current?.reload();
      },
    });
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
  if (canKick) {
    columns.push({
      title: t('sys.actions'),
      valueType: 'option',
      render: (_, row) => (
        <Permission roles={['online:del']}>
          <Button size="small" type="link" danger disabled={row.current} onClick={() => kick([row.sessionId])}>
            {t('online.kick')}
          </Button>
        </Permission>
      ),
    });
  }

  return (
    <ProTable<OnlineSession, SearchParams>
      rowKey="sessionId"
      actionRef={table}
      rowSelection={canKick ? { getCheckboxProps: (row) => ({ disabled: row.current }) } : false}
      tableAlertOptionRender={({ selectedRowKeys }) => (
        <Permission roles={['online:del']}>
          <Button size="small" type="link" danger onClick={() => kick(selectedRowKeys.map(String))}>
            {t('online.kick')}
          </Button>
        </Permission>
      )}
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
