import { AxiosError } from 'axios';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ProTable, type ActionType, type ParamsType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
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
  toSort,
  toTableData,
  withSearchPlaceholders,
  type ExportColumn,
  type Selected,
} from './logic';
import { compact, pageQuery, useDeleteConfirm, usePagination, useSearchForm } from './paging';
import type { Page as ListPage } from '@/shared/api/contract';
import { saveBlob } from './save';

/**
 * A column: its key (else its dataIndex) is the field name sent as an export field; export: false
 * keeps it out of exports.
 */
export type DataColumn<T> = ProColumns<T> & { export?: boolean };

/** What a list page's `request` gets as ProTable's raw params: the search form's values and the pager's place. */
export type TableParams<P> = P & { current?: number; pageSize?: number; keyword?: string };

export type { ListPage };

export interface ListQuery {
  /** 0-based, eladmin style. */
  page: number;
  size: number;
  filters: Record<string, string | number | boolean>;
  /** The clicked column sort as the BFF reads it (`price,desc`); empty when none (the table always sets it). */
  sort?: string[];
}

/** ProTable's own props a page may still pass (tree rows, onRow, scroll, search: false, options…). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own row constraint
type PassThrough<T extends Record<string, any>, P extends ParamsType> = Omit<
  ProTableProps<T, P>,
  'request' | 'columns' | 'rowKey' | 'rowSelection' | 'actionRef' | 'toolBarRender' | 'toolbar' | 'headerTitle' | 'title'
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own row constraint
export interface DataTableProps<T extends Record<string, any>, P extends ParamsType = ParamsType> extends PassThrough<T, P> {
  /** Header title; exports are saved as {title}数据.xlsx. */
  title: string;
  /** Row key (default `id`). */
  rowKey?: keyof T & string;
  columns: DataColumn<T>[];
  /**
   * Resolves to the BFF's list type ({content, totalElements}); the table adapts it. q has the
   * 0-based page, the size and the trimmed filters; params are ProTable's raw values.
   */
  request: (q: ListQuery, params: TableParams<P>) => Promise<ListPage<T>>;
  /** The page's handle on the table (reload after a save). */
  actionRef?: RefObject<ActionType | null | undefined>;
  /** Selection column (default on). */
  selection?: boolean;
  /** Serial-number column (default on). */
  serial?: boolean;
  /** Refuse hiding the last shown column in the column settings (default on). */
  columnGuard?: boolean;
  pageSizes?: number[];
  /** Export buttons: POST {downUrl}/download and {downUrl}/downloadAll. */
  downUrl?: string;
  /** Filters every export sends besides the search form's: what the page's request adds itself (a master row's key). */
  downFilters?: Record<string, string | number | boolean>;
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

/** The name a column goes by in the column settings and exports: its key, else its dataIndex. */
function keyOf<T>(c: DataColumn<T>): string {
  const k = c.key ?? c.dataIndex ?? '';
  return Array.isArray(k) ? k.join('-') : String(k);
}

/**
 * The one list table of every page (the system pages and those to come); the list page's table (docs/decisions.md "Building blocks (issue 5)"): selection, serial numbers, row actions with a
 * confirmed delete, column show/hide keeping at least one, '-' for empty cells, paging with sizes,
 * jumper and 确定; searching and resetting go back to page 1 of 10; export of the selected rows
 * or of everything the current filters match.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own row constraint
export function DataTable<T extends Record<string, any>, P extends ParamsType = ParamsType>(props: DataTableProps<T, P>) {
  const {
    title,
    rowKey = 'id' as keyof T & string,
    columns,
    request,
    selection = true,
    serial = true,
    columnGuard = true,
    downUrl,
    downFilters,
    deleteUrl,
    deleteText,
    canDeleteRow,
    rowActions,
    onSelectionChange,
    toolbar,
    pageSizes,
    actionRef: pageRef,
    ...rest
  } = props;
  const t = useT();
  const { message } = App.useApp();
  const confirmDelete = useDeleteConfirm();
  const pagination = usePagination(pageSizes);
  const searchForm = useSearchForm();
  // A search preset from a link (the dashboard's 库存预警) opens the form, so every filter that
  // narrows the list is in sight, not folded away behind 展开.
  const initialValues = (rest.form as { initialValues?: Record<string, unknown> } | undefined)?.initialValues;
  const preset = Object.keys(compact(initialValues ?? {})).length > 0;
  const [collapsed, setCollapsed] = useState(!preset);
  useEffect(() => {
    if (preset) setCollapsed(false);
  }, [preset, initialValues]);
  const ownRef = useRef<ActionType>(undefined);
  const actionRef = (pageRef ?? ownRef) as RefObject<ActionType | undefined>;
  const filtersRef = useRef<Record<string, string | number | boolean>>({});
  const sortRef = useRef<string[]>([]);
  const [selected, setSelected] = useState<T[]>([]);
  const [columnsState, setColumnsState] = useState<Record<string, { show?: boolean }>>({});
  const [exporting, setExporting] = useState<'' | 'selected' | 'all'>('');

  const dataKeys = useMemo(() => columns.filter((c) => !c.hideInTable).map(keyOf), [columns]);

  const select = (rows: T[]) => {
    setSelected(rows);
    onSelectionChange?.(toSelected(rows, rowKey));
  };

  const words = deleteText ?? { label: t('table.delete'), confirm: t('del.confirm'), done: t('del.ok') };
  const deletable = (row: T) => canDeleteRow?.(row) ?? true;
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
      // the 操作 column (useActionColumn's, valueType option) holds buttons, not data
      .map((c) => ({ key: keyOf(c), title: String(c.title ?? keyOf(c)), exportable: c.export !== false && c.valueType !== 'option' }));
    const hidden = new Set(Object.entries(columnsState).filter(([, s]) => s?.show === false).map(([k]) => k));
    const body = exportBody(cols, hidden, { ...filtersRef.current, ...downFilters }, all ? undefined : selected.map((r) => r[rowKey] as string));
    // the sheet lists the rows in the order the table shows them
    if (sortRef.current.length > 0) body.sort = sortRef.current;
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
  allColumns.push(...withSearchPlaceholders(columns));
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
    <ProTable<T, P>
      columnEmptyText="-"
      search={{ ...searchForm, collapsed, onCollapse: setCollapsed }}
      onSubmit={toPage1}
      onReset={toPage1}
      options={{ density: false, fullScreen: false, reload: true, setting: { checkable: true, draggable: false } }}
      pagination={pagination}
      // A failed load was told by the request client (a 403 went to /401): without this ProTable
      // rethrows it as an uncaught page error. Anything else is a fault and stays one.
      onRequestError={(error) => {
        if (!(error instanceof AxiosError)) throw error;
      }}
      {...rest}
      rowKey={rowKey}
      headerTitle={title}
      actionRef={actionRef}
      columns={allColumns}
      columnsState={{
        value: columnsState,
        onChange: (map) => {
          if (!columnGuard || keepsOneColumn(dataKeys, map)) setColumnsState(map);
          else void message.warning(t('table.minColumn'));
        },
      }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
              preserveSelectedRowKeys: true,
              onChange: (_, rows) => select(rows.filter(Boolean)),
              // every row can be selected (to export it); a bulk delete leaves out the rows that
              // may not be deleted (the current session of 在线用户), issue 16
            }
          : false
      }
      tableAlertRender={({ selectedRowKeys }) => t('table.selected', { n: selectedRowKeys.length })}
      tableAlertOptionRender={({ onCleanSelected }) => (
        <Space>
          {deleteUrl ? (
            <Button
              size="small"
              type="link"
              danger
              onClick={() => {
                const rows = selected.filter(deletable);
                if (rows.length === 0) void message.warning(t('table.nothingToDelete'));
                else remove(rows);
              }}
            >
              {words.label}
            </Button>
          ) : null}
          <Button size="small" type="link" onClick={onCleanSelected}>
            {t('table.clearSelection')}
          </Button>
        </Space>
      )}
      toolBarRender={() => [
        ...(toolbar ?? []),
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
      request={async (params, sorter) => {
        const raw: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(params)) if (!RESERVED.includes(k)) raw[k] = v;
        const filters = toFilters(raw);
        filtersRef.current = filters;
        const sort = toSort(sorter);
        sortRef.current = sort;
        const page = await request({ ...pageQuery(params), filters, sort }, params as TableParams<P>);
        return toTableData(page);
      }}
    />
  );
}
