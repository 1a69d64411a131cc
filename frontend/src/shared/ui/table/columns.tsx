import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { DATE_CELL, DATE_CELL_WIDTH } from '@/shared/ui/dateCell';

/** The table's handle a page keeps (reload after a save), as ProTable's ActionType was. */
export interface ActionType {
  /** Fetches the current page again with the current filters. */
  reload: () => Promise<void>;
  /** Back to page 1 of 10 with the search form emptied. */
  reset: () => Promise<void>;
  pageInfo: { current: number; pageSize: number };
}

/** An option of a select or tree-select search field. */
export interface FieldOption {
  label?: ReactNode;
  title?: string;
  value: string | number;
  children?: FieldOption[];
}

/** A valueEnum entry: the words shown for a value (ProTable's shape). */
export type EnumEntry = ReactNode | { text: ReactNode };

/**
 * A column of DataTable: antd's column plus the ProTable-style search description the pages
 * already write (valueType, valueEnum, search, fieldProps, request, hideInTable, renderText…).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- row types of any shape
export type DataColumn<T = any> = Omit<TableColumnType<T>, 'render' | 'title' | 'sorter' | 'filters'> & {
  title?: ReactNode;
  /** The search field's kind; 'option' marks the 操作 column (no search, no export). */
  valueType?: 'text' | 'select' | 'digit' | 'dateRange' | 'dateTimeRange' | 'treeSelect' | 'option' | 'date' | 'dateTime';
  /** Values and their words: a select in the search form, the word in the cell. */
  valueEnum?: Record<string, EnumEntry>;
  /** false: not in the search form; transform renames or splits the searched value. */
  search?: false | { transform: (value: never) => Record<string, unknown> };
  hideInSearch?: boolean;
  hideInTable?: boolean;
  /** Not offered in the column settings. */
  hideInSetting?: boolean;
  /** Props of the search field's control. */
  fieldProps?: Record<string, unknown>;
  /** The search field's own control (a remote search, such as the 渠道 picker); the form gives it value and onChange. */
  renderFormItem?: (props: { value?: unknown; onChange?: (value: unknown) => void }) => ReactNode;
  /** Options of a select or tree-select search field, fetched once. */
  request?: () => Promise<FieldOption[]>;
  /** Search field order: higher first (ProTable's). */
  order?: number;
  /** A copy button beside the cell's text. */
  copyable?: boolean;
  /** A question mark beside the title with this hint. */
  tooltip?: ReactNode;
  /** Turns the value before it is shown (empty stays '-'). */
  renderText?: (value: never, row: T, index: number) => unknown;
  /** The cell: dom is the default rendering of the value. */
  render?: (dom: ReactNode, row: T, index: number, action?: ActionType) => ReactNode;
  /** true: the server sorts on this column's dataIndex. */
  sorter?: boolean;
  /**
   * false keeps the column out of exports; a list of fields exports the column as those columns
   * (a cell that shows two things, e.g. 快递 = company above number, is two columns in a sheet).
   */
  export?: boolean | Array<{ key: string; title: string }>;
  /**
   * Its part in the card a row becomes on a phone (cards.tsx): the heading, the status beside it,
   * a line under it, or left out. Unsaid, the card picks (cardRoles).
   */
  card?: 'title' | 'status' | 'field' | 'hide';
};

/** The name a column goes by in the column settings, exports and search: its key, else its dataIndex. */
export function keyOf<T>(c: DataColumn<T>): string {
  const k = c.key ?? (c.dataIndex as string | string[] | undefined) ?? '';
  return Array.isArray(k) ? k.join('-') : String(k);
}

/** The field name of a column in the search form (its dataIndex, else its key). */
export function fieldOf<T>(c: DataColumn<T>): string {
  const k = (c.dataIndex as string | string[] | undefined) ?? c.key ?? '';
  return Array.isArray(k) ? k.join('.') : String(k);
}

/** Whether a column has a field in the search form. */
export function searchable<T>(c: DataColumn<T>): boolean {
  return c.search !== false && !c.hideInSearch && c.valueType !== 'option' && fieldOf(c) !== '';
}

/** The search field's kind: a valueEnum without valueType is a select (ProTable's rule). */
export function fieldType<T>(c: DataColumn<T>): string {
  return c.valueType ?? (c.valueEnum ? 'select' : 'text');
}

function valueAt(row: unknown, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let v: unknown = row;
  for (const p of path) v = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[String(p)];
  return v;
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function enumText(entry: EnumEntry): ReactNode {
  return entry !== null && typeof entry === 'object' && 'text' in entry ? entry.text : (entry as ReactNode);
}

/** The select options of a valueEnum, in its order. */
export function enumOptions(valueEnum: Record<string, EnumEntry>): FieldOption[] {
  return Object.entries(valueEnum).map(([value, entry]) => ({ value, label: enumText(entry) }));
}

/** A column with a title hint as ProTable drew it: the title, then a question mark. */
function titleOf<T>(c: DataColumn<T>): ReactNode {
  if (!c.tooltip) return c.title;
  return (
    <span>
      {c.title}{' '}
      <Tooltip title={c.tooltip}>
        <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,.45)' }} />
      </Tooltip>
    </span>
  );
}

/**
 * A DataColumn as antd renders it: '-' for empty cells, the valueEnum's words, the copy button,
 * renderText and render called as ProTable did (render gets the default rendering first).
 */
export function toAntColumn<T>(c: DataColumn<T>, action: () => ActionType): TableColumnType<T> {
  const {
    valueType: _valueType,
    valueEnum,
    search: _search,
    hideInSearch: _hideInSearch,
    hideInTable: _hideInTable,
    hideInSetting: _hideInSetting,
    fieldProps: _fieldProps,
    renderFormItem: _renderFormItem,
    request: _request,
    order: _order,
    copyable,
    tooltip: _tooltip,
    renderText,
    render,
    export: _export,
    card: _card,
    sorter,
    ...antd
  } = c;
  return {
    ...antd,
    // A table that holds a pinned or an ellipsis column is laid out fixed: there nowrap alone
    // does not widen a date column, it cuts the time off. Room for 2026-01-02 10:00:00 and a sorter.
    width: antd.width ?? (c.className === DATE_CELL ? DATE_CELL_WIDTH : undefined),
    key: keyOf(c),
    title: titleOf(c),
    sorter: sorter ? true : undefined,
    render: (_: unknown, row: T, index: number) => {
      let value = valueAt(row, c.dataIndex);
      if (renderText) value = renderText(value as never, row, index);
      let dom: ReactNode;
      if (empty(value)) dom = '-';
      else if (valueEnum && String(value) in valueEnum) dom = enumText(valueEnum[String(value)]);
      else if (copyable) dom = <Typography.Text copyable={{ text: String(value) }}>{String(value)}</Typography.Text>;
      else dom = value as ReactNode;
      return render ? render(dom, row, index, action()) : dom;
    },
  };
}
