import { useEffect, useLayoutEffect, useMemo, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { App, Button, Space, Table, Tooltip, theme, type FormInstance, type PaginationProps, type TableColumnType, type TableProps } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { http } from '@/shared/api';
import { useT } from '@/shared/lib/i18n';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  exportBody,
  exportFileName,
  keepsOneColumn,
  pickerRange,
  serialNo,
  toFilters,
  toSelected,
  toSort,
  withSearchPlaceholders,
  type ExportColumn,
  type Selected,
} from './logic';
import { compact, pageQuery, useDeleteConfirm, usePagination } from './paging';
import type { Page as ListPage } from '@/shared/api/contract';
import { saveBlob } from './save';
import { actionColumnWidth } from './actionWidth';
import { fieldOf, fieldType, keyOf, searchable, toAntColumn, type ActionType, type DataColumn } from './columns';
import { ColumnSetting, type ColumnsState } from './ColumnSetting';
import { useNarrow } from '@/shared/lib/narrow';
import { chunk, deferred, whenIdle } from '@/shared/lib/chunk';

export type { ActionType, DataColumn };

// The search form is its own chunk (the date and tree pickers), drawn once it is there: the
// table commits without waiting for it, so the list request never waits for the form's chunk or
// the options its fields fetch (用户管理's department tree), issue 16.
const searchFormCode = chunk(() => import('./SearchForm'));
const SearchForm = deferred(searchFormCode, (m) => m.default);
// fetched ahead once the first list page's code is in and the browser is idle (a page fetched
// ahead on idle or hover then draws its search form in its first commit too)
whenIdle(() => void searchFormCode.get().catch(() => undefined));
// A phone's cards are their own chunk too, fetched only where they are drawn: every list page
// (订单管理 at its size budget) loads this file (issue 33).
const CardList = deferred(chunk(() => import('./cards')), (m) => m.CardList);

/** What a list page's `request` gets as raw params: the search form's values, the page's params and the pager's place. */
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

/** antd Table's own props a page may still pass (onRow, rowClassName, scroll, expandable…). */
type PassThrough<T> = Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'rowSelection' | 'pagination' | 'title' | 'loading' | 'onChange'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any shape
export interface DataTableProps<T extends Record<string, any>, P extends object = Record<string, unknown>> extends PassThrough<T> {
  /** Header title; exports are saved as {title}数据.xlsx. */
  title: string;
  /** Row key (default `id`). */
  rowKey?: keyof T & string;
  columns: DataColumn<T>[];
  /**
   * Resolves to the BFF's list type ({content, totalElements}); the table adapts it. q has the
   * 0-based page, the size and the trimmed filters; params are the raw values.
   */
  request: (q: ListQuery, params: TableParams<P>) => Promise<ListPage<T>>;
  /** The page's handle on the table (reload after a save). */
  actionRef?: RefObject<ActionType | null | undefined>;
  /** The search form, for a page that sets its fields (a preset from a link). */
  formRef?: RefObject<FormInstance | null | undefined>;
  /** The search form's first values (a preset from a link opens the form). */
  form?: { initialValues?: object };
  /** Told the form's values on each 查询 and 重置: a page keeping its search in the URL writes them. */
  onSearch?: (values: Record<string, unknown>) => void;
  /** Values every request carries besides the form's; a change goes back to page 1. */
  params?: Record<string, unknown>;
  /** false: no search form. */
  search?: false;
  /** The toolbar's icons: 刷新 and the column settings (both on by default). */
  options?: false | { reload?: boolean; setting?: boolean | object; density?: boolean; fullScreen?: boolean };
  /** false: one unpaged list. */
  pagination?: false;
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
  /** The labels of those buttons, in the chosen language: the 操作 column is sized by them. */
  rowActionLabels?: string[];
  onSelectionChange?: (rows: Selected<T>[]) => void;
  toolbar?: ReactNode[];
}

/** The search values as the request gets them: dates as text (ProTable's formats), transforms applied. */
function searchValues<T>(columns: DataColumn<T>[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const name = fieldOf(c);
    let v = values[name];
    const type = fieldType(c);
    if (type === 'dateRange' || type === 'dateTimeRange') {
      const format = type === 'dateRange' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      v = pickerRange(v)?.map((d) => d.format(format));
    }
    if (c.search && v !== undefined && v !== null && v !== '') Object.assign(out, c.search.transform(v as never));
    else out[name] = v;
  }
  return out;
}

/**
 * The one list table of every page (the system pages and those to come); the list page's table
 * (docs/decisions.md "Building blocks (issue 5)"): a search form with 查询 / 重置 and 展开 / 收起,
 * selection, serial numbers, row actions with a confirmed delete, column show/hide keeping at
 * least one, 刷新, '-' for empty cells, paging with sizes, jumper and 确定; searching and
 * resetting go back to page 1 of 10; export of the selected rows or of everything the current
 * filters match. Built on antd's Table and Form (docs/architecture.md "The list table"): ProTable
 * brought pro-form and every pro-field editor with each list page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any shape
export function DataTable<T extends Record<string, any>, P extends object = Record<string, unknown>>(props: DataTableProps<T, P>) {
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
    rowActionLabels = [],
    onSelectionChange,
    toolbar,
    pageSizes,
    actionRef: pageRef,
    formRef,
    form: formProps,
    params,
    onSearch,
    search,
    options,
    pagination: paged,
    ...rest
  } = props;
  const t = useT();
  const { message } = App.useApp();
  const confirmDelete = useDeleteConfirm();
  const pager = usePagination(pageSizes);
  const { token } = theme.useToken();
  // the two boxes of ProTable: the query bar, then the toolbar and table
  const card = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: '24px 24px 8px' };
  // the search form lives in its own chunk (./SearchForm) and hands its instance over when drawn
  const formInstance = useRef<FormInstance | null>(null);
  const takeForm = (form: FormInstance) => {
    formInstance.current = form;
    if (formRef) (formRef as { current: FormInstance | null | undefined }).current = form;
  };
  // A search preset from a link (the dashboard's 库存预警) opens the form, so every filter that
  // narrows the list is in sight, not folded away behind 展开.
  const initialValues = formProps?.initialValues as Record<string, unknown> | undefined;
  const preset = Object.keys(compact(initialValues ?? {})).length > 0;
  const [collapsed, setCollapsed] = useState(!preset);
  useEffect(() => {
    if (preset) setCollapsed(false);
  }, [preset, initialValues]);

  const [pageInfo, setPageInfo] = useState({ current: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const filtersRef = useRef<Record<string, string | number | boolean>>({});
  const sorterRef = useRef<Record<string, 'ascend' | 'descend' | null>>({});
  const sortRef = useRef<string[]>([]);
  const valuesRef = useRef<Record<string, unknown>>(initialValues ?? {});
  const fetchNo = useRef(0);
  const [selected, setSelected] = useState<T[]>([]);
  const [columnsState, setColumnsState] = useState<ColumnsState>({});
  const [exporting, setExporting] = useState<'' | 'selected' | 'all'>('');

  const searchColumns = useMemo(
    () => withSearchPlaceholders(columns.filter(searchable)).sort((a, b) => (b.order ?? 0) - (a.order ?? 0)),
    [columns],
  );
  const dataKeys = useMemo(() => columns.filter((c) => !c.hideInTable).map(keyOf), [columns]);

  const select = (rows: T[]) => {
    setSelected(rows);
    onSelectionChange?.(toSelected(rows, rowKey));
  };

  /** Fetches a page with the submitted search values; an answer overtaken by a later request is dropped. */
  const load = async (current: number, pageSize: number) => {
    const no = ++fetchNo.current;
    const raw: Record<string, unknown> = { ...searchValues(searchColumns, valuesRef.current), ...params };
    const filters = toFilters(raw);
    filtersRef.current = filters;
    const sort = toSort(sorterRef.current);
    sortRef.current = sort;
    const all = { ...raw, current, pageSize } as TableParams<P>;
    setPageInfo({ current, pageSize });
    setLoading(true);
    try {
      const page = await request({ ...pageQuery(all), filters, sort }, all);
      if (no !== fetchNo.current) return;
      setData(page.content);
      setTotal(page.totalElements);
    } catch {
      // the request client has shown the error
    } finally {
      if (no === fetchNo.current) setLoading(false);
    }
  };

  const action: ActionType = {
    reload: () => load(pageInfo.current, pageInfo.pageSize),
    reset: async () => {
      formInstance.current?.resetFields();
      valuesRef.current = formInstance.current?.getFieldsValue() ?? initialValues ?? {};
      select([]);
      await load(DEFAULT_PAGE, DEFAULT_PAGE_SIZE);
    },
    pageInfo,
  };
  if (pageRef) (pageRef as { current: ActionType | null | undefined }).current = action;

  // the first page, and page 1 again when the page's params change; a layout effect, so the
  // list request leaves before the passive effects of the same commit (the search form's option
  // requests, a dialog's) and before the first paint
  const paramsKey = JSON.stringify(params ?? {});
  useLayoutEffect(() => {
    void load(DEFAULT_PAGE, pageInfo.pageSize);
    // load reads the latest values through refs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paramsKey]);

  const words = deleteText ?? { label: t('table.delete'), confirm: t('del.confirm'), done: t('del.ok') };
  const deletable = (row: T) => canDeleteRow?.(row) ?? true;
  const remove = (rows: T[]) => {
    const ids = rows.map((r) => r[rowKey]);
    void confirmDelete(() => http.delete(deleteUrl!, { data: ids }), words).then(async (done) => {
      if (!done) return;
      select(selected.filter((r) => !ids.includes(r[rowKey])));
      await action.reload();
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
      .flatMap((c): ExportColumn[] =>
        Array.isArray(c.export)
          ? c.export.map((f) => ({ key: f.key, title: f.title, exportable: true, column: keyOf(c) }))
          : [{ key: keyOf(c), title: String(c.title ?? keyOf(c)), exportable: c.export !== false && c.valueType !== 'option' }],
      );
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

  const shownColumns: TableColumnType<T>[] = [];
  // on a phone a row is a card of its key cells, drawn by the same columns (issue 33)
  const narrow = useNarrow();
  const shownData: DataColumn<T>[] = [];
  const antByKey = new Map<string, TableColumnType<T>>();
  if (serial) {
    shownColumns.push({
      title: t('table.serial'),
      key: '_serial',
      width: 64,
      render: (_, __, index) => serialNo(pageInfo.current, pageInfo.pageSize, index),
    });
  }
  for (const c of columns) {
    if (c.hideInTable || columnsState[keyOf(c)]?.show === false) continue;
    const ant = toAntColumn(c, () => action);
    shownColumns.push(ant);
    shownData.push(c);
    antByKey.set(keyOf(c), ant);
  }
  if (deleteUrl || rowActions) {
    shownColumns.push({
      title: t('table.actions'),
      key: '_actions',
      // sized by its buttons and kept at the right edge, like every 操作 column (actions.tsx)
      width: actionColumnWidth(t('table.actions'), [...rowActionLabels, ...(deleteUrl ? [words.label] : [])]),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {rowActions?.(row)}
          {deleteUrl ? (
            <Button key="delete" type="link" danger size="small" disabled={!deletable(row)} onClick={() => remove([row])}>
              {words.label}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  // a new search starts on page 1 of 10 with nothing selected
  const submit = () => {
    valuesRef.current = formInstance.current?.getFieldsValue() ?? {};
    onSearch?.(valuesRef.current);
    select([]);
    void load(DEFAULT_PAGE, DEFAULT_PAGE_SIZE);
  };
  // A page keeping its search in the URL has the URL's filters as the form's first values:
  // 重置 empties the form rather than going back to them (they are what is shown).
  const reset = () => {
    const f = formInstance.current;
    if (!onSearch || !f) return void action.reset();
    f.resetFields();
    f.setFieldsValue(Object.fromEntries(Object.keys(f.getFieldsValue()).map((k) => [k, undefined])));
    submit();
  };

  const pagination: false | PaginationProps =
    paged === false
      ? false
      : {
          ...pager,
          current: pageInfo.current,
          pageSize: pageInfo.pageSize,
          total,
          onChange: (current, pageSize) => void load(pageSize === pageInfo.pageSize ? current : DEFAULT_PAGE, pageSize),
        };

  const settable = columns.filter((c) => !c.hideInTable && !c.hideInSetting).map((c) => ({ key: keyOf(c), title: c.title }));
  const showReload = options !== false && options?.reload !== false;
  const showSetting = options !== false && options?.setting !== false;

  return (
    <div className="data-table">
      {search !== false && searchColumns.length > 0 ? (
        <div className="data-table-card" style={{ ...card, marginBottom: 16, minHeight: 72 }}>
          <SearchForm
            columns={searchColumns as DataColumn[]}
            onForm={takeForm}
            initialValues={initialValues}
            collapsed={collapsed}
            onCollapse={setCollapsed}
            onSearch={submit}
            onReset={reset}
            loading={loading}
          />
        </div>
      ) : null}
      <div className="data-table-card" style={{ ...card, padding: '16px 24px' }}>
        <div className="data-table-toolbar" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap', marginBottom: 16 }}>
          <div className="data-table-title" style={{ fontSize: 16, fontWeight: 500, color: token.colorTextHeading }}>
            {title}
          </div>
          <Space wrap>
            {toolbar}
            {downUrl ? (
              <Space key="export">
                <Button icon={<DownloadOutlined />} loading={exporting === 'selected'} disabled={!!exporting} onClick={() => void download(false)}>
                  {t('table.exportSelected')}
                </Button>
                <Button icon={<DownloadOutlined />} loading={exporting === 'all'} disabled={!!exporting} onClick={() => void download(true)}>
                  {t('table.exportAll')}
                </Button>
              </Space>
            ) : null}
            {showReload ? (
              <Tooltip title={t('table.reload')}>
                <Button type="text" aria-label={t('table.reload')} icon={<ReloadOutlined spin={loading} />} onClick={() => void action.reload()} />
              </Tooltip>
            ) : null}
            {showSetting ? (
              <ColumnSetting
                columns={settable}
                value={columnsState}
                onChange={(map) => {
                  if (!columnGuard || keepsOneColumn(dataKeys, map)) setColumnsState(map);
                  else void message.warning(t('table.minColumn'));
                }}
              />
            ) : null}
          </Space>
        </div>
        {selection && selected.length > 0 ? (
          <div
            className="data-table-alert"
            style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 24px', marginBottom: 16, background: token.colorPrimaryBg, borderRadius: token.borderRadius }}
          >
            <span>{t('table.selected', { n: selected.length })}</span>
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
              <Button size="small" type="link" onClick={() => select([])}>
                {t('table.clearSelection')}
              </Button>
            </Space>
          </div>
        ) : null}
        {narrow ? (
          <CardList<T>
            rows={data}
            rowKey={rowKey}
            columns={shownData}
            antColumns={antByKey}
            actions={shownColumns.find((c) => c.key === '_actions')}
            loading={loading}
            pagination={pagination}
            label={title}
          />
        ) : (
          <Table<T>
            {...rest}
            rowKey={rowKey}
            columns={shownColumns}
            dataSource={data}
            loading={loading}
            onChange={(_, __, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const field = one?.field;
              const name = Array.isArray(field) ? field.join(',') : field === undefined ? undefined : String(field);
              sorterRef.current = name && one?.order ? { [name]: one.order } : {};
              void load(pageInfo.current, pageInfo.pageSize);
            }}
            pagination={pagination}
            rowSelection={
              selection
                ? {
                    selectedRowKeys: selected.map((r) => r[rowKey] as Key),
                    preserveSelectedRowKeys: true,
                    onChange: (_, rows) => select(rows.filter(Boolean)),
                    // every row can be selected (to export it); a bulk delete leaves out the rows that
                    // may not be deleted (the current session of 在线用户), issue 16
                  }
                : undefined
            }
          />
        )}
      </div>
    </div>
  );
}
