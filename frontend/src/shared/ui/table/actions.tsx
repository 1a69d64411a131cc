import { useContext, type ReactNode } from 'react';
import type { DataColumn } from './columns';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Can as Permission, HeldPermissions, hasPermission } from '@/shared/lib/access';
import { useT } from '@/shared/lib/i18n';
import { useDeleteConfirm } from './paging';
import { ARROW, actionColumnWidth, textWidth } from './actionWidth';

/** A row button besides 编辑 and 删除, shown to holders of `perm`. */
export interface RowAction<T> {
  key: string;
  label: ReactNode;
  /** Full permission string, e.g. `user:edit`. */
  perm: string;
  onClick: (row: T) => void;
  /** false hides the button on that row (an order's move its status does not allow). */
  visible?: (row: T) => boolean;
}

export interface ActionColumnOptions<T> {
  /** Permission prefix: 编辑 needs `<perm>:edit`, 删除 `<perm>:del`. */
  perm: string;
  /** 编辑 opens the dialog; left out: no 编辑. */
  onEdit?: (row: T) => void;
  /** The delete call; left out: no 删除. */
  remove?: (row: T) => Promise<unknown>;
  /** After a confirmed, successful delete. */
  reload?: () => void;
  /** Buttons after 编辑, before 删除. */
  extra?: RowAction<T>[];
  /** Rarer actions in a 更多 menu after 删除, so that the column stays narrow. */
  more?: RowAction<T>[];
  /** false greys 删除 out for that row (the superuser, one's own session). */
  canDelete?: (row: T) => boolean;
  /**
   * The most `extra` actions with a `visible` test one row shows at once (an order's status
   * allows two moves at most): the column is as wide as that row. Left out: all of them.
   */
  visibleAtOnce?: number;
}

/**
 * The 操作 column of every list page: 编辑, the extra actions, 删除 with the confirm of
 * docs/decisions.md "System management (issue 4)" then a reload; each button shown only to a
 * holder of its permission (shared/lib/access), so a user without any sees an empty cell.
 * Its width is that of the widest row's buttons in the chosen language, the ones this user holds
 * (actionWidth.ts), and it stays at the right edge when the table scrolls sideways (issue 16).
 */
export function useActionColumn<T>(o: ActionColumnOptions<T>): DataColumn<T> {
  const t = useT();
  const held = useContext(HeldPermissions);
  const confirmDelete = useDeleteConfirm();
  const del = (row: T) =>
    void confirmDelete(() => o.remove!(row)).then((done) => {
      if (done) o.reload?.();
    });
  const holds = (perm: string) => hasPermission(held, [perm]);
  const always = (o.extra ?? []).filter((a) => !a.visible && holds(a.perm));
  const sometimes = (o.extra ?? [])
    .filter((a) => a.visible && holds(a.perm))
    .map((a) => String(a.label))
    .sort((a, b) => textWidth(b) - textWidth(a))
    .slice(0, o.visibleAtOnce);
  const more = (o.more ?? []).some((a) => holds(a.perm));
  const labels = [
    ...(o.onEdit && holds(`${o.perm}:edit`) ? [t('sys.edit')] : []),
    ...always.map((a) => String(a.label)),
    ...sometimes,
    ...(o.remove && holds(`${o.perm}:del`) ? [t('sys.del')] : []),
    ...(more ? [t('sys.more')] : []),
  ];
  return {
    title: t('sys.actions'),
    key: '_actions',
    valueType: 'option',
    width: actionColumnWidth(t('sys.actions'), labels, more ? ARROW : 0),
    fixed: 'right',
    render: (_, row) => (
      <Space size={0} wrap={false}>
        {o.onEdit ? (
          <Permission roles={[`${o.perm}:edit`]}>
            <Button size="small" type="link" onClick={() => o.onEdit!(row)}>
              {t('sys.edit')}
            </Button>
          </Permission>
        ) : null}
        {(o.extra ?? []).filter((a) => a.visible?.(row) !== false).map((a) => (
          <Permission key={a.key} roles={[a.perm]}>
            <Button size="small" type="link" onClick={() => a.onClick(row)}>
              {a.label}
            </Button>
          </Permission>
        ))}
        {o.remove ? (
          <Permission roles={[`${o.perm}:del`]}>
            <Button size="small" type="link" danger disabled={o.canDelete?.(row) === false} onClick={() => del(row)}>
              {t('sys.del')}
            </Button>
          </Permission>
        ) : null}
        {(() => {
          const more = (o.more ?? []).filter((a) => a.visible?.(row) !== false && hasPermission(held, [a.perm]));
          if (!more.length) return null;
          return (
            <Dropdown
              trigger={['click']}
              menu={{ items: more.map((a) => ({ key: a.key, label: a.label })), onClick: ({ key }) => more.find((a) => a.key === key)?.onClick(row) }}
            >
              <Button size="small" type="link">
                {t('sys.more')} <DownOutlined />
              </Button>
            </Dropdown>
          );
        })()}
      </Space>
    ),
  };
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
