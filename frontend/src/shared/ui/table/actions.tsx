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
 * The most buttons a row shows side by side; the rest go into its 更多 menu (issue 33: at
 * 1366 px six buttons made the pinned column ~400 px and hid 状态, dates and amounts).
 */
export const VISIBLE_ACTIONS = 3;

/** One button of a row as the 操作 cell draws it, inline or as an entry of 更多. */
interface Entry {
  key: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A row's buttons in order (编辑, the extra ones its row allows, 删除), the ones this user holds;
 * the first VISIBLE_ACTIONS stay inline, the others lead the 更多 menu, before `more`'s entries.
 * Pure, so the folding is tested apart from antd.
 */
export function foldActions(inline: Entry[], more: Entry[], cap = VISIBLE_ACTIONS): { shown: Entry[]; folded: Entry[] } {
  if (inline.length <= cap && more.length === 0) return { shown: inline, folded: [] };
  // more than the cap, or entries of the page's own 更多: the first `cap` inline, the rest in 更多
  return { shown: inline.slice(0, cap), folded: [...inline.slice(cap), ...more] };
}

/** The labels (as text, to measure) a row can show inline at most, and whether a 更多 can appear. */
export function widestRow(labels: { text: string; sometimes?: boolean; last?: boolean }[], atOnce: number | undefined, more: boolean, cap = VISIBLE_ACTIONS) {
  const always = labels.filter((l) => !l.sometimes && !l.last).map((l) => l.text);
  const last = labels.filter((l) => l.last).map((l) => l.text);
  const sometimes = labels
    .filter((l) => l.sometimes)
    .map((l) => l.text)
    .sort((a, b) => textWidth(b) - textWidth(a))
    .slice(0, atOnce);
  // 编辑 and the buttons every row has come first, then the widest a row's status allows
  const all = [...always, ...sometimes, ...last];
  const folds = more || all.length > cap;
  return { shown: all.slice(0, cap), folds };
}

/**
 * The 操作 column of every list page: 编辑, the extra actions, 删除 with the confirm of
 * docs/decisions.md "System management (issue 4)" then a reload; each button shown only to a
 * holder of its permission (shared/lib/access), so a user without any sees an empty cell.
 * At most VISIBLE_ACTIONS buttons a row; the rest are in 更多 (删除 there keeps its confirm and
 * its greyed-out state). Its width is that of the widest row's buttons in the chosen language,
 * the ones this user holds (actionWidth.ts), and it stays at the right edge when the table scrolls
 * sideways (issue 16).
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
  const canEdit = !!o.onEdit && holds(`${o.perm}:edit`);
  const canDel = !!o.remove && holds(`${o.perm}:del`);
  const extra = (o.extra ?? []).filter((a) => holds(a.perm));
  const moreHeld = (o.more ?? []).filter((a) => holds(a.perm));
  const { shown, folds } = widestRow(
    [
      ...(canEdit ? [{ text: t('sys.edit') }] : []),
      ...extra.map((a) => ({ text: String(a.label), sometimes: !!a.visible })),
      ...(canDel ? [{ text: t('sys.del'), last: true }] : []),
    ],
    o.visibleAtOnce,
    moreHeld.length > 0,
  );
  const labels = [...shown, ...(folds ? [t('sys.more')] : [])];

  const entries = (row: T) => {
    const inline: Entry[] = [
      ...(canEdit ? [{ key: '_edit', label: t('sys.edit'), onClick: () => o.onEdit!(row) }] : []),
      ...extra.filter((a) => a.visible?.(row) !== false).map((a) => ({ key: a.key, label: a.label, onClick: () => a.onClick(row) })),
      ...(canDel ? [{ key: '_del', label: t('sys.del'), danger: true, disabled: o.canDelete?.(row) === false, onClick: () => del(row) }] : []),
    ];
    const more = moreHeld.filter((a) => a.visible?.(row) !== false).map((a) => ({ key: a.key, label: a.label, onClick: () => a.onClick(row) }));
    return foldActions(inline, more);
  };

  return {
    title: t('sys.actions'),
    key: '_actions',
    valueType: 'option',
    width: actionColumnWidth(t('sys.actions'), labels, folds ? ARROW : 0),
    fixed: 'right',
    render: (_, row) => {
      const { shown, folded } = entries(row);
      return (
        <Space size={0} wrap={false}>
          {shown.map((e) => (
            <Button key={e.key} size="small" type="link" danger={e.danger} disabled={e.disabled} onClick={e.onClick}>
              {e.label}
            </Button>
          ))}
          {folded.length > 0 ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: folded.map((e) => ({ key: e.key, label: e.label, danger: e.danger, disabled: e.disabled })),
                onClick: ({ key }) => folded.find((e) => e.key === key)?.onClick(),
              }}
            >
              <Button size="small" type="link">
                {t('sys.more')} <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
        </Space>
      );
    },
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
