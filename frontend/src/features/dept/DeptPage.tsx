import { useRef, useState } from 'react';
import { App, Tag } from 'antd';
import { DataTable, AddButton, useActionColumn, compact, type ActionType, type DataColumn } from '@/shared/ui/table';
import { Dialog, ProForm, ProFormDigit, ProFormRadio, ProFormText, ProFormTreeSelect } from '@/shared/ui/form';
import { DeptUserPicker } from '@/shared/ui/picker';
import { useT } from './messages';
import { createDept, deleteDepts, deptOptions, deptTree, updateDept, type DeptNode } from './api';
import { placeholder } from '@/shared/lib/rules';
import { DATE_CELL } from '@/shared/ui/dateCell';

interface FormValues {
  name: string;
  pid: number;
  deptSort: number;
  enabled: string;
  leaders?: number[];
}

/** A department has at most five heads (docs/workflow.md). */
const MAX_LEADERS = 5;

/** 部门管理: the department tree inside the caller's data scope. */
export default function DeptPage() {
  const t = useT();
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<DeptNode | 'new' | null>(null);
  const [tree, setTree] = useState<DeptNode[]>([]);
  const reload = () => table.current?.reload();
  const actions = useActionColumn<DeptNode>({ perm: 'dept', onEdit: setEditing, remove: (row) => deleteDepts([row.id]), reload });
  const enabledEnum = { true: { text: t('sys.enabled.on') }, false: { text: t('sys.enabled.off') } };

  const columns: DataColumn<DeptNode>[] = [
    { title: t('dept.name'), dataIndex: 'name', fieldProps: { 'aria-label': t('dept.name') } },
    {
      title: t('dept.leaders'),
      dataIndex: 'leaders',
      search: false,
      render: (_, r) => (r.leaders?.length ? r.leaders.map((l) => l.name).join('、') : '-'),
    },
    { title: t('sys.sort'), dataIndex: 'deptSort', search: false },
    {
      title: t('sys.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: enabledEnum,
      render: (_, r) => <Tag color={r.enabled ? 'blue' : 'default'}>{r.enabled ? t('sys.enabled.on') : t('sys.enabled.off')}</Tag>,
    },
    { className: DATE_CELL, title: t('sys.createTime'), dataIndex: 'createTime', search: false },
    actions,
  ];

  const row = editing && editing !== 'new' ? editing : null;
  const initial: Partial<FormValues> = row
    ? { name: row.name, pid: row.pid, deptSort: row.deptSort, enabled: String(row.enabled), leaders: row.leaders?.map((l) => l.id) ?? [] }
    : { pid: 0, deptSort: 999, enabled: 'true', leaders: [] };
  const leaderNames = Object.fromEntries((row?.leaders ?? []).map((l) => [l.id, l.name]));

  return (
    <>
      <DataTable<DeptNode, { name?: string; enabled?: string; current?: number; pageSize?: number }>
        selection={false}
        serial={false}
        title={t('dept.title')}
        actionRef={table}
        columns={columns}
        toolbar={[<AddButton key="add" perm="dept" onClick={() => setEditing('new')} />]}
        request={async (_, params) => {
          const page = await deptTree(
            compact({ name: params.name?.trim(), enabled: params.enabled === undefined ? undefined : params.enabled === 'true' }),
          );
          if (!params.name && params.enabled === undefined) setTree(page.content);
          return { content: page.content, totalElements: page.content.length };
        }}
      />
      <Dialog<FormValues>
        key={row ? `edit-${row.id}` : 'new'}
        title={row ? t('sys.edit') : t('sys.add')}
        open={editing !== null}
        width={520}
        initialValues={initial}
        columns={1}
        modalProps={{ onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          const body = { id: row?.id, name: v.name, pid: v.pid ?? 0, deptSort: v.deptSort ?? 999, enabled: v.enabled === 'true', leaders: v.leaders ?? [] };
          if (row) await updateDept(body);
          else await createDept(body);
          void message.success(row ? t('sys.saved') : t('sys.created'));
          setEditing(null);
          reload();
          return true;
        }}
      >
        <ProFormText name="name" label={t('dept.name')} placeholder={placeholder(t('dept.name'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormTreeSelect
          name="pid"
          label={t('dept.parent')}
          placeholder={placeholder(t('dept.parent'), 'select')}
          fieldProps={{ treeData: [{ value: 0, title: t('menu.top'), children: deptOptions(tree) }], treeDefaultExpandAll: true }}
        />
        <ProForm.Item
          name="leaders"
          label={t('dept.leaders')}
          rules={[{ validator: async (_: unknown, v?: number[]) => ((v?.length ?? 0) > MAX_LEADERS ? Promise.reject(new Error(t('dept.leaders.max'))) : undefined) }]}
        >
          <DeptUserPicker pick="userId" multiple label={t('dept.leaders')} names={leaderNames} />
        </ProForm.Item>
        <ProFormDigit name="deptSort" label={t('sys.sort')} min={0} max={99999} fieldProps={{ placeholder: placeholder(t('sys.sort'), 'number'), precision: 0 }} />
        <ProFormRadio.Group
          name="enabled"
          label={t('sys.enabled')}
          options={[
            { value: 'true', label: t('sys.enabled.on') },
            { value: 'false', label: t('sys.enabled.off') },
          ]}
        />
      </Dialog>
    </>
  );
}
