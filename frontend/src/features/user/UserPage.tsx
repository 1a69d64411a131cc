import { useRef, useState } from 'react';
import {
  ModalForm,
  ProForm,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTreeSelect,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { App, Button, Space, Switch, Tag } from 'antd';
import { Permission, usePermission } from '@/features/auth/permission';
import { ManageTable, AddButton } from '@/features/system/listParts';
import { deptOptions, deptTree } from '@/features/dept/api';
import { allRoles } from '@/features/role/api';
import { useT } from '@/shared/lib/i18n';
import { Dialog } from '@/shared/ui/form';
import { emailRules, mobileRules } from '@/shared/lib/rules';
import { DictSelect } from '@/shared/ui/dict';
import { compact, pageQuery, useDeleteConfirm } from '@/shared/ui/table';
import {
  createUser,
  deleteUsers,
  listUsers,
  resetPassword,
  setUsersEnabled,
  updateUser,
  type UserInput,
  type UserRow,
} from './api';

interface Search {
  current?: number;
  pageSize?: number;
  blurry?: string;
  deptId?: number;
  enabled?: string;
  createTime?: string[];
}

interface FormValues {
  username: string;
  nickName: string;
  gender?: string;
  email?: string;
  phone?: string;
  enabled: string;
  deptId: number;
  roleIds: number[];
  password?: string;
}

/** 用户管理: search, paging, create/edit dialog, enable switch, password reset and delete. */
export default function UserPage() {
  const t = useT();
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const confirmDelete = useDeleteConfirm();
  const canEdit = usePermission(['user:edit']);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);

  const loadDepts = async () => deptOptions((await deptTree()).content);
  const loadRoles = async () => (await allRoles()).map((r) => ({ value: r.id, label: r.name }));
  const reload = () => table.current?.reload();

  const columns: ProColumns<UserRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { title: t('user.username'), dataIndex: 'username', search: false },
    { title: t('user.nickName'), dataIndex: 'nickName', search: false },
    { title: t('user.gender'), dataIndex: 'gender', search: false, width: 64 },
    { title: t('user.phone'), dataIndex: 'phone', search: false },
    { title: t('user.email'), dataIndex: 'email', search: false, ellipsis: true },
    {
      title: t('sys.dept'),
      dataIndex: 'deptId',
      valueType: 'treeSelect',
      request: loadDepts,
      fieldProps: { 'aria-label': t('sys.dept') },
      render: (_, row) => row.dept?.name ?? '-',
    },
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
      render: (_, row) =>
        canEdit && !row.isAdmin ? (
          <Switch
            size="small"
            checked={row.enabled}
            aria-label={`${row.username} ${t('sys.enabled')}`}
            onChange={async (on) => {
              await setUsersEnabled([row.id], on);
              void message.success(t('sys.saved'));
              reload();
            }}
          />
        ) : (
          <Tag color={row.enabled ? 'blue' : 'default'}>{row.enabled ? t('sys.enabled.on') : t('sys.enabled.off')}</Tag>
        ),
    },
    { title: t('sys.createTime'), dataIndex: 'createTime', valueType: 'dateTimeRange', hideInTable: true },
    { title: t('sys.createTime'), dataIndex: 'createTime', search: false },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 220,
      render: (_, row) => (
        <Space size={0} wrap={false}>
          <Permission roles={['user:edit']}>
            <Button size="small" type="link" onClick={() => setEditing(row)}>
              {t('sys.edit')}
            </Button>
            <Button size="small" type="link" onClick={() => setResetting(row)}>
              {t('user.resetPwd')}
            </Button>
          </Permission>
          <Permission roles={['user:del']}>
            <Button
              size="small"
              type="link"
              danger
              disabled={row.isAdmin}
              onClick={() => void confirmDelete(() => deleteUsers([row.id])).then((done) => { if (done) reload(); })}
            >
              {t('sys.del')}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  const row = editing && editing !== 'new' ? editing : null;
  const initial: Partial<FormValues> = row
    ? {
        username: row.username,
        nickName: row.nickName,
        gender: row.gender || undefined,
        email: row.email,
        phone: row.phone,
        enabled: String(row.enabled),
        deptId: row.dept?.id,
        roleIds: row.roles.map((r) => r.id),
      }
    : { enabled: 'true' };

  return (
    <>
      <ManageTable<UserRow, Search>
        headerTitle={t('user.title')}
        actionRef={table}
        columns={columns}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => [<AddButton key="add" perm="user" onClick={() => setEditing('new')} />]}
        request={async (params) => {
          const page = await listUsers({
            ...pageQuery(params),
            ...compact({
              blurry: params.blurry?.trim(),
              deptId: params.deptId,
              enabled: params.enabled === undefined ? undefined : params.enabled === 'true',
              createTime: params.createTime,
            }),
          });
          return { data: page.content, total: page.totalElements, success: true };
        }}
      />
      <Dialog<FormValues>
        key={row ? `edit-${row.id}` : 'new'}
        title={row ? t('sys.edit') : t('sys.add')}
        open={editing !== null}
        width={640}
        initialValues={initial}
        modalProps={{ onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          const body: UserInput = {
            id: row?.id,
            username: v.username,
            nickName: v.nickName,
            gender: v.gender ?? '',
            email: v.email ?? '',
            phone: v.phone ?? '',
            enabled: v.enabled === 'true',
            dept: { id: v.deptId },
            roles: v.roleIds.map((id) => ({ id })),
          };
          if (row) await updateUser(body);
          else await createUser({ ...body, password: v.password });
          void message.success(row ? t('sys.saved') : t('sys.created'));
          setEditing(null);
          reload();
          return true;
        }}
      >
        <ProFormText name="username" label={t('user.username')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormText name="nickName" label={t('user.nickName')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormText
          name="phone"
          label={t('user.phone')}
          rules={mobileRules({ optional: true })}
        />
        <ProFormText
          name="email"
          label={t('user.email')}
          rules={emailRules()}
        />
        <ProFormTreeSelect
          name="deptId"
          label={t('sys.dept')}
          request={loadDepts}
          fieldProps={{ treeDefaultExpandAll: true }}
          rules={[{ required: true, message: t('v.required') }]}
        />
        <ProFormSelect
          name="roleIds"
          label={t('user.roles')}
          mode="multiple"
          request={loadRoles}
          rules={[{ required: true, message: t('v.required') }]}
        />
        <ProFormRadio.Group
          name="gender"
          label={t('user.gender')}
          options={[
            { value: '男', label: t('user.gender.m') },
            { value: '女', label: t('user.gender.f') },
          ]}
        />
        <ProForm.Item name="enabled" label={t('sys.enabled')} rules={[{ required: true, message: t('v.required') }]}>
          {/* the entries of the user_status dictionary (激活 true, 禁用 false) */}
          <DictSelect dict="user_status" label={t('sys.enabled')} allowClear={false} style={{ width: '100%' }} />
        </ProForm.Item>
        {row ? null : (
          <ProFormText.Password
            name="password"
            label={t('user.password')}
            rules={[
              { required: true, message: t('v.required') },
              { min: 6, max: 72, message: t('v.length', { min: 6, max: 72 }) },
            ]}
          />
        )}
      </Dialog>
      <ModalForm<{ password: string }>
        title={`${t('user.resetPwd')}: ${resetting?.username ?? ''}`}
        open={resetting !== null}
        width={420}
        modalProps={{ destroyOnHidden: true, onCancel: () => setResetting(null) }}
        onFinish={async (v) => {
          if (resetting) await resetPassword(resetting.id, v.password);
          void message.success(t('user.resetPwd.done'));
          setResetting(null);
          return true;
        }}
      >
        <ProFormText.Password
          name="password"
          label={t('user.password')}
          rules={[
            { required: true, message: t('v.required') },
            { min: 6, max: 72, message: t('v.length', { min: 6, max: 72 }) },
          ]}
        />
      </ModalForm>
    </>
  );
}
