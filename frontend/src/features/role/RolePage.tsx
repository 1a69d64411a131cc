import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { App, Form, Spin } from 'antd';
import { DataTable, AddButton, useActionColumn, pageQuery, SHORT_PAGE_SIZES, type DataColumn, type ActionType } from '@/shared/ui/table';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { deptTree, type DeptNode } from '@/features/dept/api';
import type { DeptUserPickerProps } from '@/shared/ui/picker';
import { menuTree, type MenuRow } from '@/features/menu/api';
import { Dialog, ProFormDependency, ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea } from '@/shared/ui/form';
import { useT } from './messages';
import { ROLES_URL, createRole, deleteRoles, listRoles, updateRole, type DataScope, type RoleRow } from './api';
import { placeholder } from '@/shared/lib/rules';
import { DATE_CELL } from '@/shared/ui/dateCell';

interface FormValues {
  name: string;
  level: number;
  description?: string;
  dataScope: DataScope;
  depts?: number[];
  menus: number[];
}

function namesOf(nodes: DeptNode[], into: Record<number, string> = {}): Record<number, string> {
  for (const d of nodes) {
    into[d.id] = d.name;
    if (d.children) namesOf(d.children, into);
  }
  return into;
}

// The menu tree (antd's Tree) is its own chunk: requested with the menus the dialog shows.
const loadMenuPicker = () => import('./components/MenuPicker');
const LazyMenuPicker = lazy(loadMenuPicker);

// The department picker (antd's TreeSelect) shows only for the custom data scope: fetched then.
const LazyDeptPicker = lazy(() => import('@/shared/ui/picker').then((m) => ({ default: m.DeptUserPicker })));

/** Form.Item hands value/onChange to its child: this child passes them on to the lazy picker. */
function DeptUserPicker(props: DeptUserPickerProps) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <LazyDeptPicker {...props} />
    </Suspense>
  );
}

/** Form.Item hands value/onChange to its child: this child passes them on to the lazy tree. */
function MenuPicker(props: { value?: number[]; onChange?: (v: number[]) => void; tree: MenuRow[] }) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <LazyMenuPicker {...props} />
    </Suspense>
  );
}

/** 角色管理: roles with their menus and data scope. */
export default function RolePage() {
  const t = useT();
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [menus, setMenus] = useState<MenuRow[]>([]);
  // the export is the list's (role:list), as in eladmin
  const canExport = usePermission([Perm.RoleList]);

  const [deptNames, setDeptNames] = useState<Record<number, string>>({});

  // The menu tree the dialog shows is read with the page, not when the dialog opens: 编辑/新增
  // then open with it at once (issue 16, the role dialog within 0.5 s).
  const canChange = usePermission([Perm.RoleAdd, Perm.RoleEdit]);
  useEffect(() => {
    if ((canChange || editing !== null) && menus.length === 0) {
      void menuTree().then(setMenus);
      void loadMenuPicker();
    }
  }, [canChange, editing, menus.length]);
  // the picker opens lazily: names of a role's departments deeper down come from the tree
  const chosenDepts = editing && editing !== 'new' ? editing.depts.length : 0;
  useEffect(() => {
    if (chosenDepts > 0) void deptTree().then((page) => setDeptNames(namesOf(page.content)));
  }, [chosenDepts]);

  const scopes = { all: t('role.scope.all'), dept: t('role.scope.dept'), custom: t('role.scope.custom') };
  const reload = () => table.current?.reload();
  const actions = useActionColumn<RoleRow>({ perm: 'role', onEdit: setEditing, remove: (row) => deleteRoles([row.id]), reload });
  const columns: DataColumn<RoleRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { title: t('role.name'), dataIndex: 'name', search: false },
    { title: t('role.level'), dataIndex: 'level', search: false },
    { title: t('role.dataScope'), dataIndex: 'dataScope', search: false, renderText: (s: DataScope) => scopes[s] ?? s },
    { title: t('sys.description'), dataIndex: 'description', search: false, ellipsis: true },
    { className: DATE_CELL, title: t('sys.createTime'), dataIndex: 'createTime', search: false },
    actions,
  ];

  const row = editing && editing !== 'new' ? editing : null;
  const initial: Partial<FormValues> = row
    ? { name: row.name, level: row.level, description: row.description, dataScope: row.dataScope, depts: row.depts, menus: row.menus }
    : { level: 3, dataScope: 'all', menus: [] };

  return (
    <>
      <DataTable<RoleRow, { current?: number; pageSize?: number; blurry?: string }>
        serial={false}
        pageSizes={SHORT_PAGE_SIZES}
        title={t('role.title')}
        actionRef={table}
        columns={columns}
        downUrl={canExport ? ROLES_URL : undefined}
        toolbar={[<AddButton key="add" perm="role" onClick={() => setEditing('new')} />]}
        request={async (_, params) => {
          return listRoles({ ...pageQuery(params), blurry: params.blurry?.trim() || undefined });
        }}
      />
      <Dialog<FormValues>
        key={row ? `edit-${row.id}` : 'new'}
        title={row ? t('sys.edit') : t('sys.add')}
        open={editing !== null}
        width={640}
        initialValues={initial}
        columns={1}
        modalProps={{ onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          const body = {
            id: row?.id,
            name: v.name,
            level: v.level,
            description: v.description ?? '',
            dataScope: v.dataScope,
            depts: v.dataScope === 'custom' ? (v.depts ?? []) : [],
            menus: v.menus ?? [],
          };
          if (row) await updateRole(body);
          else await createRole(body);
          void message.success(row ? t('sys.saved') : t('sys.created'));
          setEditing(null);
          reload();
          return true;
        }}
      >
        <ProFormText name="name" label={t('role.name')} placeholder={placeholder(t('role.name'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormDigit name="level" label={t('role.level')} min={1} max={999} fieldProps={{ placeholder: placeholder(t('role.level'), 'number'), precision: 0 }} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormSelect
          name="dataScope"
          label={t('role.dataScope')}
          placeholder={placeholder(t('role.dataScope'), 'select')}
          options={Object.entries(scopes).map(([value, label]) => ({ value, label }))}
          rules={[{ required: true, message: t('v.required') }]}
        />
        <ProFormDependency name={['dataScope']}>
          {({ dataScope }) =>
            dataScope === 'custom' ? (
              <Form.Item name="depts" label={t('role.depts')} rules={[{ required: true, message: t('v.required') }]}>
                <DeptUserPicker pick="dept" multiple label={t('role.depts')} names={deptNames} />
              </Form.Item>
            ) : null
          }
        </ProFormDependency>
        <ProFormTextArea name="description" label={t('sys.description')}  fieldProps={{ placeholder: placeholder(t('sys.description'), 'textarea'), rows: 4 }} />
        <Form.Item name="menus" label={t('role.menus')}>
          <MenuPicker tree={menus} />
        </Form.Item>
      </Dialog>
    </>
  );
}
