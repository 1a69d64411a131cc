import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { http } from '@/shared/api';
import { useT } from '@/shared/lib/i18n';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  exportBody,
  exportFileName,
  keepsOneColumn,
  serialNo,
  toFilters,
  toSelected,
  type ExportColumn,
  type Selected,
} from './logic';
import { pageQuery, useDeleteConfirm, usePagination, useSearchForm } from './paging';
import { saveBlob } from './save';

/** A column: its key is the field name (sent as an export field); export: false keeps it out of exports. */
export type DataColumn<T> = ProColumns<T> & { key: string; export?: boolean };

export interface ListPage<T> {
  content: T[];
  totalElements: number;
}

export interface ListQuery {
  /** 0-based, eladmin style. */
  page: number;
  size: number;
  filters: Record<string, string | number | boolean>;
}

export interface DataTableProps<T extends object> {
  /** Header title; exports are saved as {title}数据.xlsx. */
  title: string;
  rowKey: keyof T & string;
  columns: DataColumn<T>[];
  request: (q: ListQuery) => Promise<ListPage<T>>;
  /** Selection column (default on). */
  selection?: boolean;
  /** Serial-number column (default on). */
  serial?: boolean;
  pageSizes?: number[];
  /** Export buttons: POST {downUrl}/download and {downUrl}/downloadAll. */
  downUrl?: string;
  /** Row delete: DELETE {deleteUrl} with the row ids as the JSON body; also for the selected rows. */
  deleteUrl?: string;
  /** Words of the delete (default 删除 / 此操作将永久删除该信息, 是否继续? / 删除成功). */
  deleteText?: { label: string; confirm: string; done: string };
  /** Rows that may not be deleted (or selected for it), e.g. the caller's own session. */
  canDeleteRow?: (row: T) => boolean;
  /** Extra per-row action buttons, before delete. */
  rowActions?: (row: T) => ReactNode[];
  onSelectionChange?: (rows: Selected<T>[]) => void;
  toolbar?: ReactNode[];
}

const RESERVED = ['current', 'pageSize', 'keyword'];

/**
 * The list page's table (seed-spec §2, §4, §9): selection, serial numbers, row actions with a
 * confirmed delete, column show/hide keeping at least one, '-' for empty cells, paging with sizes,
 * jumper and 确定; searching and resetting go back to page 1 of 10; export of the selected rows
 * or of everything the current filters match.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { title, rowKey, columns, request, selection = true, serial = true, downUrl, deleteUrl, rowActions } = props;
  const t = useT();
  const { message } = App.useApp();
  const confirmDelete = useDeleteConfirm();
  const pagination = usePagination(props.pageSizes);
  const searchForm = useSearchForm();
  const actionRef = useRef<ActionType>(undefined);
  const filtersRef = useRef<Record<string, string | number | boolean>>({});
  const [selected, setSelected] = useState<T[]>([]);
  const [columnsState, setColumnsState] = useState<Record<string, { show?: boolean }>>({});
  const [exporting, setExporting] = useState<'' | 'selected' | 'all'>('');

  const dataKeys = useMemo(() => columns.filter((c) => !c.hideInTable).map((c) => c.key), [columns]);

  const select = (rows: T[]) => {
    setSelected(rows);
    props.onSelectionChange?.(toSelected(rows, rowKey));
  };

  const words = props.deleteText ?? { label: t('table.delete'), confirm: t('del.confirm'), done: t('del.ok') };
  const deletable = (row: T) => props.canDeleteRow?.(row) ?? true;
  const remove = (rows: T[]) => {
    const ids = rows.map((r) => r[rowKey]);
    void confirmDelete(() => http.delete(deleteUrl!, { data: ids }), words).then(async (done) => {
      if (!done) return;
      select(selected.filter((r) => !ids.includes(r[rowKey])));
      await actionRef.current?.reload();
    });
  };

  const download = async (all: boolean) => {
    if (!all && selected.length === 0) {
      void message.warning(t('table.exportNone'));
      return;
    }
    const cols: ExportColumn[] = columns
      .filter((c) => !c.hideInTable)
      .map((c) => ({ key: c.key, title: String(c.title ?? c.key), exportable: c.export !== false }));
    const hidden = new Set(Object.entries(columnsState).filter(([, s]) => s?.show === false).map(([k]) => k));
    const body = exportBody(cols, hidden, filtersRef.current, all ? undefined : selected.map((r) => r[rowKey] as string));
    setExporting(all ? 'all' : 'selected');
    const done = message.loading(t('table.exporting'), 0);
    try {
      const blob = await http.post<Blob>(`${downUrl}/${all ? 'downloadAll' : 'download'}`, body, { responseType: 'blob' });
      saveBlob(blob, exportFileName(title));
    } catch {
      // the request client has shown the error
    } finally {
      done();
      setExporting('');
    }
  };

  const allColumns: ProColumns<T>[] = [];
  if (serial) {
    allColumns.push({
      title: t('table.serial'),
      key: '_serial',
      search: false,
      hideInSetting: true,
      width: 64,
      render: (_, __, index, action) =>
        serialNo(action?.pageInfo?.current ?? DEFAULT_PAGE, action?.pageInfo?.pageSize ?? DEFAULT_PAGE_SIZE, index),
    });
  }
  allColumns.push(...columns);
  if (deleteUrl || rowActions) {
    allColumns.push({
      title: t('table.actions'),
      key: '_actions',
      search: false,
      hideInSetting: true,
      render: (_, row) => [
        ...(rowActions?.(row) ?? []),
        deleteUrl ? (
          <Button key="delete" type="link" danger size="small" disabled={!deletable(row)} onClick={() => remove([row])}>
            {words.label}
          </Button>
        ) : null,
      ],
    });
  }

  // a new search starts on page 1 of 10 with nothing selected
  const toPage1 = () => {
    select([]);
    actionRef.current?.setPageInfo?.({ current: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  };

  return (
    <ProTable<T, Record<string, unknown>>
      rowKey={rowKey}
      headerTitle={title}
      actionRef={actionRef}
      columns={allColumns}
      columnEmptyText="-"
      search={searchForm}
      onSubmit={toPage1}
      onReset={toPage1}
      options={{ density: false, fullScreen: false, reload: true, setting: { checkable: true, draggable: false } }}
      columnsState={{
        value: columnsState,
        onChange: (map) => {
          if (keepsOneColumn(dataKeys, map)) setColumnsState(map);
          else void message.warning(t('table.minColumn'));
        },
      }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
              preserveSelectedRowKeys: true,
              onChange: (_, rows) => select(rows.filter(Boolean)),
              getCheckboxProps: deleteUrl ? (row: T) => ({ disabled: !deletable(row) }) : undefined,
            }
          : false
      }
      tableAlertRender={({ selectedRowKeys }) => t('table.selected', { n: selectedRowKeys.length })}
      tableAlertOptionRender={({ onCleanSelected }) => (
        <Space>
          {deleteUrl ? (
            <Button size="small" type="link" danger onClick={() => remove(selected)}>
              {words.label}
            </Button>
          ) : null}
          <Button size="small" type="link" onClick={onCleanSelected}>
            {t('table.clearSelection')}
          </Button>
        </Space>
      )}
      pagination={pagination}
      toolBarRender={() => [
        ...(props.toolbar ?? []),
        downUrl ? (
          <Space key="export">
            <Button icon={<DownloadOutlined />} loading={exporting === 'selected'} disabled={!!exporting} onClick={() => void download(false)}>
              {t('table.exportSelected')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting === 'all'} disabled={!!exporting} onClick={() => void download(true)}>
              {t('table.exportAll')}
            </Button>
          </Space>
        ) : null,
      ]}
      request={async (params) => {
        const raw: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(params)) if (!RESERVED.includes(k)) raw[k] = v;
        const filters = toFilters(raw);
        filtersRef.current = filters;
        const page = await request({ ...pageQuery(params), filters });
        return { data: page.content, total: page.totalElements, success: true };
      }}
    />
  );
}
