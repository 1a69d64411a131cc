import { useRef, useState, type Key } from 'react';
import { App, Switch, Tag } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { DataTable, AddButton, useActionColumn, compact, type ActionType, type DataColumn } from '@/shared/ui/table';
import { Dialog, ProFormDigit, ProFormRadio, ProFormText, ProFormTreeSelect } from '@/shared/ui/form';
import { useLanguage } from '@/shared/lib/i18n';
import { placeholder } from '@/shared/lib/rules';
import { categoryName } from '@/shared/ui/picker';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { useT } from './messages';
import {
  MAX_DEPTH,
  categoryList,
  createCategory,
  deleteCategory,
  levelOf,
  parentOptions,
  updateCategory,
  type CategoryInput,
  type CategoryNode,
} from './api';

interface FormValues {
  name: string;
  nameEn?: string;
  code: string;
  pid: number;
  sort: number;
  enabled: string;
}

/** What the dialog edits: a category, a new one (under a parent: 新增下级), or nothing. */
type Editing = { row: CategoryNode } | { pid: number } | null;

const CODE = /^[A-Za-z0-9_-]+$/;

/** Every category with children, for a tree drawn open. */
const parents = (ns: CategoryNode[]): number[] => ns.flatMap((n) => (n.children?.length ? [n.id, ...parents(n.children)] : []));

const bodyOf = (n: CategoryNode, enabled = n.enabled): CategoryInput => ({
  id: n.id,
  pid: n.pid,
  name: n.name,
  nameEn: n.nameEn,
  code: n.code,
  sort: n.sort,
  enabled,
});

/** 商品分类: the goods category tree (three levels at most), shaped like 部门管理. */
export default function CategoryPage() {
  const t = useT();
  const { message, modal } = App.useApp();
  const table = useRef<ActionType>(null);
  const canEdit = usePermission([Perm.CategoryEdit]);
  const language = useLanguage((s) => s.language);
  const [editing, setEditing] = useState<Editing>(null);
  const [opened, setOpened] = useState(0);
  const [tree, setTree] = useState<CategoryNode[]>([]);
  // the tree is drawn open the first time; afterwards what the user opened or closed stays
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const reload = () => table.current?.reload();
  const open = (next: Editing) => {
    setOpened((n) => n + 1);
    setEditing(next);
  };
  const actions = useActionColumn<CategoryNode>({
    perm: 'category',
    onEdit: (row) => open({ row }),
    extra: [
      {
        key: 'child',
        label: t('category.addChild'),
        perm: Perm.CategoryAdd,
        onClick: (row) => open({ pid: row.id }),
        visible: (row) => levelOf(tree, row.id) < MAX_DEPTH,
      },
    ],
    remove: (row) => deleteCategory(row.id),
    reload,
  });
  const enabledEnum = { true: { text: t('sys.enabled.on') }, false: { text: t('sys.enabled.off') } };

  const switchEnabled = (row: CategoryNode, on: boolean) =>
    modal.confirm({
      title: t('common.hint'),
      content: t(on ? 'category.enable.confirm' : 'category.disable.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await updateCategory(bodyOf(row, on));
        void message.success(t(on ? 'category.enabled' : 'category.disabled', { name: row.name }));
        reload();
      },
    });

  const columns: DataColumn<CategoryNode>[] = [
    {
      title: t('category.name'),
      dataIndex: 'name',
      fieldProps: { 'aria-label': t('category.name') },
      render: (_, r) => categoryName(r, language),
    },
    { title: t('category.code'), dataIndex: 'code', search: false },
    { title: t('sys.sort'), dataIndex: 'sort', search: false },
    {
      title: t('sys.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: enabledEnum,
      fieldProps: { 'aria-label': t('sys.enabled') },
      render: (_, r) =>
        canEdit ? (
          <Switch size="small" checked={r.enabled} aria-label={`${r.name} ${t('sys.enabled')}`} onChange={(on) => switchEnabled(r, on)} />
        ) : (
          <Tag color={r.enabled ? 'blue' : 'default'}>{r.enabled ? t('sys.enabled.on') : t('sys.enabled.off')}</Tag>
        ),
    },
    { className: DATE_CELL, title: t('sys.createTime'), dataIndex: 'createTime', search: false },
    actions,
  ];

  const row = editing && 'row' in editing ? editing.row : null;
  const initial: Partial<FormValues> = row
    ? { name: row.name, nameEn: row.nameEn, code: row.code, pid: row.pid, sort: row.sort, enabled: String(row.enabled) }
    : { pid: editing && 'pid' in editing ? editing.pid : 0, sort: 999, enabled: 'true' };

  return (
    <>
      <DataTable<CategoryNode, { name?: string; enabled?: string; current?: number; pageSize?: number }>
        selection={false}
        serial={false}
        title={t('category.title')}
        actionRef={table}
        columns={columns}
        pagination={false}
        expandable={expanded ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } : undefined}
        toolbar={[<AddButton key="add" perm="category" onClick={() => open({ pid: 0 })} />]}
        request={async (_, params) => {
          const page = await categoryList(
            compact({ name: params.name?.trim(), enabled: params.enabled === undefined ? undefined : params.enabled === 'true' }),
          );
          if (!params.name && params.enabled === undefined) {
            setTree(page.content);
            setExpanded((was) => was ?? parents(page.content));
          }
          return { content: page.content, totalElements: page.totalElements };
        }}
      />
      <Dialog<FormValues>
        key={opened}
        title={row ? t('sys.edit') : t('sys.add')}
        open={editing !== null}
        width={520}
        initialValues={initial}
        columns={1}
        modalProps={{ onCancel: () => setEditing(null) }}
        onFinish={async (v) => {
          const body: CategoryInput = {
            id: row?.id,
            name: v.name,
            nameEn: v.nameEn?.trim() ?? '',
            code: row ? row.code : v.code.trim(),
            pid: v.pid ?? 0,
            sort: v.sort ?? 999,
            enabled: v.enabled === 'true',
          };
          if (row) await updateCategory(body);
          else await createCategory(body);
          void message.success(row ? t('sys.saved') : t('sys.created'));
          // a new child shows at once: its parent opens
          if (!row && body.pid) setExpanded((was) => [...new Set([...(was ?? []), body.pid])]);
          setEditing(null);
          reload();
          return true;
        }}
      >
        <ProFormTreeSelect
          name="pid"
          label={t('category.parent')}
          placeholder={placeholder(t('category.parent'), 'select')}
          fieldProps={{
            treeData: [{ value: 0, title: t('category.top'), children: parentOptions(tree, row ?? undefined) }],
            treeDefaultExpandAll: true,
          }}
        />
        <ProFormText
          name="name"
          label={t('category.name')}
          placeholder={placeholder(t('category.name'), 'text')}
          rules={[{ required: true, message: t('v.required') }]}
          fieldProps={{ maxLength: 64 }}
        />
        <ProFormText
          name="nameEn"
          label={t('category.nameEn')}
          placeholder={placeholder(t('category.nameEn'), 'text')}
          tooltip={t('category.nameEn.tip')}
          fieldProps={{ maxLength: 64 }}
        />
        <ProFormText
          name="code"
          label={t('category.code')}
          placeholder={placeholder(t('category.code'), 'text')}
          disabled={!!row}
          tooltip={t('category.code.fixed')}
          rules={[
            { required: true, message: t('v.required') },
            { pattern: CODE, message: t('category.code.rule') },
          ]}
          fieldProps={{ maxLength: 64 }}
        />
        <ProFormDigit name="sort" label={t('sys.sort')} min={0} max={99999} fieldProps={{ placeholder: placeholder(t('sys.sort'), 'number'), precision: 0 }} />
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
