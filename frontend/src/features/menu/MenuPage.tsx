import { useRef, useState } from 'react';
import { App, Col, Form, Tag } from 'antd';
import { DataTable, AddButton, useActionColumn, type ActionType, type DataColumn } from '@/shared/ui/table';
import { useT } from './messages';
import { Dialog, ProFormDependency, ProFormDigit, ProFormRadio, ProFormText, ProFormTreeSelect } from '@/shared/ui/form';
import { createMenu, deleteMenus, menuTree, updateMenu, type MenuInput, type MenuRow } from './api';
import { menuIcon } from './icons';
import { IconPicker } from './IconPicker';
import { placeholder } from '@/shared/lib/rules';
import { DATE_CELL } from '@/shared/ui/dateCell';

type FormValues = Omit<MenuInput, 'hidden' | 'cache' | 'iFrame' | 'type'> & {
  type: string;
  visible: string;
  cache: string;
  iFrame: string;
};

/** Keeps the rows whose title contains the text, with the rows above them. */
function filterTree(rows: MenuRow[], text: string): MenuRow[] {
  if (!text) return rows;
  return rows.flatMap((r) => {
    const kids = filterTree(r.children ?? [], text);
    if (r.title.includes(text) || kids.length > 0) return [{ ...r, children: kids.length > 0 ? kids : undefined }];
    return [];
  });
}

interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

const parents = (rows: MenuRow[]): ParentOption[] =>
  rows
    .filter((r) => r.type !== 2)
    .map((r) => ({ value: r.id, title: r.title, children: r.children ? parents(r.children) : undefined }));

/** 菜单管理: the menu tree with directories, pages and buttons. */
export default function MenuPage() {
  const t = useT();
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditing] = useState<MenuRow | 'new' | null>(null);
  const [tree, setTree] = useState<MenuRow[]>([]);
  const types = [t('menu.type.dir'), t('menu.type.menu'), t('menu.type.button')];
  const yesNo = [
    { value: 'true', label: t('menu.yes') },
    { value: 'false', label: t('menu.no') },
  ];
  const reload = () => table.current?.reload();
  const actions = useActionColumn<MenuRow>({ perm: 'menu', onEdit: setEditing, remove: (row) => deleteMenus([row.id]), reload });

  const columns: DataColumn<MenuRow>[] = [
    { title: t('menu.name'), dataIndex: 'title', fieldProps: { 'aria-label': t('menu.name') } },
    { title: t('menu.icon'), dataIndex: 'icon', search: false, render: (_, r) => (r.icon ? menuIcon(r.icon) : '-') },
    { title: t('menu.type'), dataIndex: 'type', search: false, render: (_, r) => <Tag>{types[r.type]}</Tag> },
    { title: t('sys.sort'), dataIndex: 'menuSort', search: false },
    { title: t('menu.permission'), dataIndex: 'permission', search: false },
    { title: t('menu.component'), dataIndex: 'component', search: false, ellipsis: true },
    { className: DATE_CELL, title: t('sys.createTime'), dataIndex: 'createTime', search: false },
    actions,
  ];

  const row = editing && editing !== 'new' ? editing : null;
  const initial: Partial<FormValues> = row
    ? { ...row, type: String(row.type), visible: String(!row.hidden), cache: String(row.cache), iFrame: String(row.iFrame) }
    : { type: '1', pid: 0, menuSort: 999, visible: 'true', cache: 'false', iFrame: 'false' };

  return (
    <>
      <DataTable<MenuRow, { title?: string; current?: number; pageSize?: number }>
        selection={false}
        serial={false}
        title={t('menu.title')}
        actionRef={table}
        columns={columns}
        toolbar={[<AddButton key="add" perm="menu" onClick={() => setEditing('new')} />]}
        request={async (_, params) => {
          const all = await menuTree();
          setTree(all);
          const rows = filterTree(all, params.title?.trim() ?? '');
          return { content: rows, totalElements: rows.length };
        }}
      />
      <Dialog<FormValues>
        key={row ? `edit-${row.id}` : 'new'}
        title={row ? t('sys.edit') : t('sys.add')}
        open={editing !== null}
        width={680}
        initialValues={initial}
        modalProps={{ onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          const type = Number(v.type) as 0 | 1 | 2;
          const body: MenuInput = {
            id: row?.id,
            pid: v.pid ?? 0,
            type,
            title: v.title,
            componentName: v.componentName ?? '',
            component: type === 1 ? (v.component ?? '') : '',
            path: type === 2 ? '' : (v.path ?? ''),
            menuSort: v.menuSort ?? 999,
            icon: v.icon ?? '',
            permission: v.permission ?? '',
            hidden: v.visible === 'false',
            cache: v.cache === 'true',
            alwaysShow: row?.alwaysShow ?? type === 0,
            redirect: row?.redirect ?? '',
            activeMenu: row?.activeMenu ?? '',
            breadcrumb: row?.breadcrumb ?? true,
            iFrame: v.iFrame === 'true',
          };
          if (row) await updateMenu(body);
          else await createMenu(body);
          void message.success(row ? t('sys.saved') : t('sys.created'));
          setEditing(null);
          reload();
          return true;
        }}
      >
        <ProFormRadio.Group
          name="type"
          label={t('menu.type')}
          colProps={{ span: 24 }}
          radioType="button"
          options={types.map((label, i) => ({ value: String(i), label }))}
        />
        <ProFormText name="title" label={t('menu.name')} placeholder={placeholder(t('menu.name'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormTreeSelect
          name="pid"
          label={t('menu.parent')}
          placeholder={placeholder(t('menu.parent'), 'select')}
          fieldProps={{ treeData: [{ value: 0, title: t('menu.top'), children: parents(tree) }], treeDefaultExpandAll: true }}
        />
        <ProFormDigit name="menuSort" label={t('sys.sort')} min={0} max={99999} fieldProps={{ placeholder: placeholder(t('sys.sort'), 'number'), precision: 0 }} />
        <ProFormDependency name={['type', 'iFrame']}>
          {({ type, iFrame }) => (
            <>
              {type !== '2' ? (
                <>
                  <Col span={12}>
                    <Form.Item name="icon" label={t('menu.icon')}>
                      <IconPicker placeholder={placeholder(t('menu.icon'), 'select')} />
                    </Form.Item>
                  </Col>
                  <ProFormText
                    name="path"
                    label={t('menu.path')}
                    placeholder={placeholder(t('menu.path'), 'text')}
                    colProps={{ span: 12 }}
                    rules={[{ required: true, message: t('v.required') }]}
                  />
                  <ProFormRadio.Group name="iFrame" label={t('menu.iFrame')} options={yesNo} colProps={{ span: 8 }} />
                  <ProFormRadio.Group name="visible" label={t('menu.hidden')} options={yesNo} colProps={{ span: 8 }} />
                  <ProFormRadio.Group name="cache" label={t('menu.cache')} options={yesNo} colProps={{ span: 8 }} />
                </>
              ) : null}
              {type === '1' && iFrame !== 'true' ? (
                <>
                  <ProFormText name="componentName" label={t('menu.componentName')} placeholder={placeholder(t('menu.componentName'), 'text')} colProps={{ span: 12 }} />
                  <ProFormText
                    name="component"
                    label={t('menu.component')}
                    placeholder={placeholder(t('menu.component'), 'text')}
                    colProps={{ span: 12 }}
                    rules={[{ required: true, message: t('v.required') }]}
                  />
                </>
              ) : null}
              {type !== '0' ? (
                <ProFormText
                  name="permission"
                  label={t('menu.permission')}
                  placeholder={placeholder(t('menu.permission'), 'text')}
                  colProps={{ span: 12 }}
                  rules={type === '2' ? [{ required: true, message: t('v.required') }] : []}
                />
              ) : null}
            </>
          )}
        </ProFormDependency>
      </Dialog>
    </>
  );
}
