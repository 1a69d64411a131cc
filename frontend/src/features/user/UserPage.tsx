import { useRef, useState } from 'react';
import { App, Switch, Tag } from 'antd';
import { usePermission } from '@/features/auth';
import { DataTable, AddButton, compact, useActionColumn, type DataColumn, type ListQuery, type ActionType } from '@/shared/ui/table';
import { deptOptions, deptTree } from '@/features/dept/api';
import { allRoles } from '@/features/role/api';
import { useT } from './messages';
import { USERS_URL, deleteUsers, endUserSessions, listUsers, setUsersEnabled, type UserQuery, type UserRow } from './api';
import { Perm } from '@/shared/api/permissions';
import { lazyDialog } from '@/shared/ui/form';
// the dialogs are their own chunks, fetched after the list has drawn (issue 13)
const ResetPasswordDialog = lazyDialog(() => import('./components/ResetPasswordDialog').then((m) => ({ default: m.ResetPasswordDialog })));
const UserDialog = lazyDialog(() => import('./components/UserDialog').then((m) => ({ default: m.UserDialog })));

import { DATE_CELL } from '@/shared/ui/dateCell';

/**
 * The table's query as GET /api/users reads it: the createDate bounds (startTime/endTime, the
 * names the export reads) become createTime=from&createTime=to.
 */
export function userQuery({ page, size, filters: f, sort }: ListQuery): UserQuery {
  return {
    page,
    size,
    ...compact({
      blurry: f.blurry === undefined ? undefined : String(f.blurry),
      deptId: f.deptId === undefined ? undefined : Number(f.deptId),
      enabled: f.enabled === undefined ? undefined : String(f.enabled) === 'true',
      createTime: f.startTime && f.endTime ? [String(f.startTime), String(f.endTime)] : undefined,
    }),
    sort: sort?.length ? sort : undefined,
  };
}

/** 用户管理: search, paging, create/edit dialog, enable switch, password reset and delete. */
export default function UserPage() {
  const t = useT();
  const { message, modal } = App.useApp();
  const table = useRef<ActionType>(null);
  const canEdit = usePermission([Perm.UserEdit]);
  // the export is the list's (user:list), as in eladmin
  const canExport = usePermission([Perm.UserList]);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);

  const loadDepts = async () => deptOptions((await deptTree()).content);
  const loadRoles = async () => (await allRoles()).map((r) => ({ value: r.id, label: r.name }));
  const reload = () => table.current?.reload();
  const genderText = (g?: string) => (g === '男' ? t('user.gender.m') : g === '女' ? t('user.gender.f') : g || '-');
  const actions = useActionColumn<UserRow>({
    perm: 'user',
    onEdit: setEditing,
    extra: [{ key: 'reset', label: t('user.resetPwd'), perm: Perm.UserEdit, onClick: setResetting }],
    more: [
      {
        key: 'endSessions',
        label: t('user.endSessions'),
        perm: Perm.OnlineDel,
        onClick: (row) =>
          modal.confirm({
            title: t('common.hint'),
            content: t('user.endSessions.confirm', { name: row.username }),
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            onOk: async () => {
              await endUserSessions(row.id);
              void message.success(t('user.endSessions.done'));
            },
          }),
      },
    ],
    remove: (row) => deleteUsers([row.id]),
    reload,
    canDelete: (row) => !row.isAdmin,
  });

  const columns: DataColumn<UserRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { title: t('user.username'), dataIndex: 'username', search: false, sorter: true },
    { title: t('user.nickName'), dataIndex: 'nickName', search: false },
    // stored as 男/女 (the dialog's choices); shown in the chosen language like the dialog shows them
    { title: t('user.gender'), dataIndex: 'gender', search: false, render: (_, row) => genderText(row.gender) },
    { title: t('user.phone'), dataIndex: 'phone', search: false },
    { title: t('user.email'), dataIndex: 'email', search: false, ellipsis: true },
    // the department is searched by id (deptId) and shown, and exported, by name (dept)
    {
      title: t('sys.dept'),
      dataIndex: 'deptId',
      valueType: 'treeSelect',
      hideInTable: true,
      request: loadDepts,
      fieldProps: { 'aria-label': t('sys.dept') },
    },
    { title: t('sys.dept'), dataIndex: 'dept', search: false, render: (_, row) => row.dept?.name ?? '-' },
    {
      title: t('user.roles'),
      dataIndex: 'roles',
      search: false,
      render: (_, row) => row.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
    },
    {
      title: t('sys.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: t('sys.enabled.on') }, false: { text: t('sys.enabled.off') } },
      fieldProps: { 'aria-label': t('sys.enabled') },
      render: (_, row) =>
        canEdit && !row.isAdmin ? (
          <Switch
            size="small"
            checked={row.enabled}
            aria-label={`${row.username} ${t('sys.enabled')}`}
            // a status change asks first and says what happened (issue 16)
            onChange={(on) =>
              modal.confirm({
                title: t('common.hint'),
                content: t(on ? 'user.enable.confirm' : 'user.disable.confirm'),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                onOk: async () => {
                  await setUsersEnabled([row.id], on);
                  void message.success(t(on ? 'user.enabled' : 'user.disabled', { name: row.username }));
                  reload();
                },
              })
            }
          />
        ) : (
          <Tag color={row.enabled ? 'blue' : 'default'}>{row.enabled ? t('sys.enabled.on') : t('sys.enabled.off')}</Tag>
        ),
    },
    // the date-range filter (createDate → startTime/endTime) is the list's createTime range
    { title: t('sys.createTime'), dataIndex: 'createDate', valueType: 'dateTimeRange', hideInTable: true },
    { className: DATE_CELL, title: t('sys.createTime'), dataIndex: 'createTime', search: false, sorter: true },
    actions,
  ];

  return (
    <>
      <DataTable<UserRow>
        serial={false}
        title={t('user.title')}
        actionRef={table}
        columns={columns}
        scroll={{ x: 'max-content' }}
        downUrl={canExport ? USERS_URL : undefined}
        toolbar={[<AddButton key="add" perm="user" onClick={() => setEditing('new')} />]}
        request={(q) => listUsers(userQuery(q))}
      />
      <UserDialog
        editing={editing}
        loadDepts={loadDepts}
        loadRoles={loadRoles}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
