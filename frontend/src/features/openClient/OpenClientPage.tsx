import { useRef, useState } from 'react';
import { App, Button, Tag } from 'antd';
import { Can as Permission } from '@/shared/lib/access';
import { Perm } from '@/shared/api/permissions';
import { DataTable, pageQuery, useActionColumn, type ActionType, type DataColumn } from '@/shared/ui/table';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { lazyDialog } from '@/shared/ui/form';
import { listOpenClients, revokeOpenClient, rotateOpenClient, type IssuedSecret, type OpenClientRow } from './api';
import { useT } from './messages';
import SecretModal from './components/SecretModal';
// the create dialog is its own chunk, fetched after the list has drawn
const ClientDialog = lazyDialog(() => import('./components/ClientDialog'));

/**
 * 开放接口: the storefront API's clients (docs/storefront.md). 新建 and 轮换密钥 show the secret
 * once; 吊销 ends a client for good. Rows never hold a secret.
 */
export default function OpenClientPage() {
  const t = useT();
  const { modal, message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState(0);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const reload = () => void table.current?.reload();
  const active = (row: OpenClientRow) => row.status === 'active';

  const confirm = (content: string, run: () => Promise<void>) =>
    modal.confirm({ title: t('common.hint'), content, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: run });

  const actions = useActionColumn<OpenClientRow>({
    perm: 'openClient',
    visibleAtOnce: 2,
    extra: [
      {
        key: 'rotate',
        label: t('openClient.rotate'),
        perm: Perm.OpenClientEdit,
        visible: active,
        onClick: (row) =>
          confirm(t('openClient.rotate.confirm', { name: row.name }), async () => {
            setIssued(await rotateOpenClient(row.id));
            reload();
          }),
      },
      {
        key: 'revoke',
        label: t('openClient.revoke'),
        perm: Perm.OpenClientDel,
        visible: active,
        onClick: (row) =>
          confirm(t('openClient.revoke.confirm', { name: row.name }), async () => {
            await revokeOpenClient(row.id);
            void message.success(t('openClient.revoked'));
            reload();
          }),
      },
    ],
  });

  const columns: DataColumn<OpenClientRow>[] = [
    { title: t('openClient.name'), dataIndex: 'name', search: false, ellipsis: true, width: 160 },
    { title: t('openClient.clientId'), dataIndex: 'clientId', search: false, copyable: true, width: 230 },
    {
      title: t('openClient.agency'),
      dataIndex: 'agencyName',
      search: false,
      width: 180,
      ellipsis: true,
      renderText: (_, row) => (row.agencyId === null ? t('openClient.owner.shop') : row.agencyName || `#${row.agencyId}`),
    },
    {
      title: t('openClient.status'),
      dataIndex: 'status',
      search: false,
      width: 90,
      render: (_, row) => (
        <Tag color={active(row) ? 'green' : 'default'}>{active(row) ? t('openClient.status.active') : t('openClient.status.revoked')}</Tag>
      ),
    },
    {
      className: DATE_CELL,
      title: t('openClient.lastUsed'),
      dataIndex: 'lastUsedTime',
      search: false,
      renderText: (v: string) => v || t('openClient.never'),
    },
    { className: DATE_CELL, title: t('sys.createTime'), dataIndex: 'createTime', search: false },
    // last: the widest and least read column, so 状态 and 最近使用 stay in view at 1366 px
    {
      title: t('openClient.scopes'),
      dataIndex: 'scopes',
      search: false,
      export: false,
      render: (_, row) => row.scopes.map((s) => <Tag key={s}>{s}</Tag>),
    },
    { ...actions, fixed: 'right' },
  ];

  return (
    <>
      <DataTable<OpenClientRow>
        title={t('openClient.title')}
        actionRef={table}
        rowKey="id"
        columns={columns}
        search={false}
        scroll={{ x: 'max-content' }}
        toolbar={[
          <Permission key="add" roles={[Perm.OpenClientAdd]}>
            <Button
              type="primary"
              onClick={() => {
                setOpened((n) => n + 1);
                setCreating(true);
              }}
            >
              {t('openClient.add')}
            </Button>
          </Permission>,
        ]}
        request={(_, params) => listOpenClients(pageQuery(params))}
      />
      <ClientDialog
        key={opened}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(got) => {
          setCreating(false);
          setIssued(got);
          reload();
        }}
      />
      <SecretModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
