import { ProTable, type ParamsType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { Button, Space } from 'antd';
import { Permission } from '@/features/auth/permission';
import { useT } from '@/shared/lib/i18n';
import { useDeleteConfirm, usePagination, useSearchForm } from '@/shared/ui/table';

/** ProTable's toolbar options on the system-management pages. */
export const tableOptions = { density: false, fullScreen: false, reload: true, setting: true } as const;

/**
 * ProTable as the system-management pages set it up: rows keyed by id, '-' for empty cells,
 * the shared pager, the search form's labels sized to fit, the toolbar options above. A page
 * passes what is its own and may override any of these.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own row constraint
export function ManageTable<T extends Record<string, any>, P extends ParamsType = ParamsType>(props: ProTableProps<T, P>) {
  const pagination = usePagination();
  const searchForm = useSearchForm();
  return (
    <ProTable<T, P>
      rowKey="id"
      columnEmptyText="-"
      search={searchForm}
      options={tableOptions}
      pagination={pagination}
      {...props}
    />
  );
}

/** A row's 编辑 and 删除 buttons, each behind `<perm>:edit` / `<perm>:del`. */
export function RowActions({ perm, onEdit, onDelete }: { perm: string; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <Space size="small">
      <Permission roles={[`${perm}:edit`]}>
        <Button size="small" type="link" onClick={onEdit}>
          {t('sys.edit')}
        </Button>
      </Permission>
      <Permission roles={[`${perm}:del`]}>
        <Button size="small" type="link" danger onClick={onDelete}>
          {t('sys.del')}
        </Button>
      </Permission>
    </Space>
  );
}

/** The toolbar's 新增 button, behind `<perm>:add`. */
export function AddButton({ perm, onClick }: { perm: string; onClick: () => void }) {
  const t = useT();
  return (
    <Permission roles={[`${perm}:add`]}>
      <Button type="primary" onClick={onClick}>
        {t('sys.add')}
      </Button>
    </Permission>
  );
}

/**
 * The 操作 column: 编辑 opens the dialog, 删除 confirms (DECISIONS §2), deletes and reloads.
 */
export function useActionColumn<T>(
  perm: string,
  onEdit: (row: T) => void,
  remove: (row: T) => Promise<unknown>,
  reload: () => void,
): ProColumns<T> {
  const t = useT();
  const confirmDelete = useDeleteConfirm();
  return {
    title: t('sys.actions'),
    valueType: 'option',
    render: (_, row) => (
      <RowActions
        perm={perm}
        onEdit={() => onEdit(row)}
        onDelete={() =>
          void confirmDelete(() => remove(row)).then((done) => {
            if (done) reload();
          })
        }
      />
    ),
  };
}
