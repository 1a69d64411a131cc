import dayjs, { type Dayjs } from 'dayjs';
import { formatTime } from '@/shared/lib/time';
import { t } from '@/shared/lib/i18n';

/** Paging defaults (docs/decisions.md "Building blocks (issue 5)"): page 1, size 10, sizes 10/15/20/30. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 15, 20, 30];
/** The short lists' choice (seed-spec §9: one table offers only 10, 15, 20 — 角色管理). */
export const SHORT_PAGE_SIZES = [10, 15, 20];

/** A selected row as pages receive it (docs/decisions.md "Building blocks (issue 5)"): its id, its pkId (else the id) and the row. */
export interface Selected<T> {
  id: string | number;
  pkId: string | number;
  item: T;
}

export function toSelected<T extends object>(rows: T[], rowKey: keyof T): Selected<T>[] {
  return rows.map((item) => {
    const id = item[rowKey] as unknown as string | number;
    const pk = (item as { pkId?: string | number }).pkId;
    return { id, pkId: pk ?? id, item };
  });
}

/** The serial number of the index-th row of a page. */
export function serialNo(page: number, size: number, index: number): number {
  return (page - 1) * size + index + 1;
}

/** Date-range filters and the names the list and export APIs read their bounds as (docs/decisions.md "Building blocks (issue 5)"). */
export const DATE_RANGES: Record<string, [string, string]> = {
  createDate: ['startTime', 'endTime'],
  createDate1: ['groundingStartTime', 'groundingEndTime'],
};

const QUERY_DATE = /^(\d{4})-(\d{2})-(\d{2})( \d{2}:\d{2}:\d{2})?$/;

/** The yyyy-MM-dd of a link's date (yyyy-MM-dd or yyyy-MM-dd HH:mm:ss) when it names a real day. */
function queryDay(v: string | null): string | undefined {
  const m = QUERY_DATE.exec(v?.trim() ?? '');
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(y, mo - 1, d);
  return day.getFullYear() === y && day.getMonth() === mo - 1 && day.getDate() === d ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/**
 * A date-range filter preset by a link (?startTime=…&endTime=…, as the dashboard writes them) in
 * the form a dateRange picker takes: its two days. The picker cannot show a time or one bound, so
 * those links are read as whole days or dropped, never handed to it raw (it fails on them).
 */
export function rangeFromQuery(q: URLSearchParams, from: string, to: string): [string, string] | undefined {
  const a = queryDay(q.get(from));
  const b = queryDay(q.get(to));
  return a && b && a <= b ? [a, b] : undefined;
}

/**
 * A range as the date pickers take it: dayjs values. A page may preset its search form from a
 * link with strings (yyyy-MM-dd); the picker fails on anything but dayjs, so strings and Dates
 * are read here, and a range with a bound that is not a date is empty (null).
 */
export function pickerRange(v: unknown): [Dayjs, Dayjs] | null | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [a, b] = v.map((x: unknown) => (dayjs.isDayjs(x) ? x : typeof x === 'string' || x instanceof Date ? dayjs(x) : null));
  return a?.isValid() && b?.isValid() ? [a, b] : null;
}

type RangeValue = [unknown, unknown] | null | undefined;

function bound(v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  // dayjs values (the range pickers') and Dates format as yyyy-MM-dd HH:mm:ss
  if (typeof v === 'object' && v !== null && 'toDate' in v && typeof (v as { toDate: unknown }).toDate === 'function') {
    return formatTime((v as { toDate: () => Date }).toDate());
  }
  if (v instanceof Date) return formatTime(v);
  return String(v);
}

/**
 * The filters a list or an export sends: empty values left out, strings trimmed, createDate /
 * createDate1 split into their two bounds.
 */
export function toFilters(values: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, v] of Object.entries(values)) {
    const range = DATE_RANGES[key];
    if (range) {
      const [from, to] = (v as RangeValue) ?? [];
      const a = bound(from);
      const b = bound(to);
      if (a) out[range[0]] = a;
      if (b) out[range[1]] = b;
      continue;
    }
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') {
      if (v.trim() !== '') out[key] = v.trim();
    } else if (typeof v === 'number' || typeof v === 'boolean') {
      out[key] = v;
    } else {
      const s = bound(v);
      if (s) out[key] = s;
    }
  }
  return out;
}

/**
 * ProTable's column sorts ({ price: 'descend' }) as the BFF's `sort` values (`price,desc`, eladmin
 * style); a column whose sort was cleared is left out.
 */
export function toSort(sorter: Record<string, 'ascend' | 'descend' | null | undefined> | undefined): string[] {
  return Object.entries(sorter ?? {})
    .filter(([, order]) => order === 'ascend' || order === 'descend')
    .map(([field, order]) => `${field},${order === 'ascend' ? 'asc' : 'desc'}`);
}

/** A column as export sees it. */
export interface ExportColumn {
  key: string;
  title: string;
  exportable: boolean;
  /** The table column this field comes from, when it is not key (a column exported as several fields). */
  column?: string;
}

/** The export request's body (docs/decisions.md "Building blocks (issue 5)"): headers and fields of the shown columns, ids, filters. */
export function exportBody(
  columns: ExportColumn[],
  hidden: Set<string>,
  filters: Record<string, string | number | boolean>,
  ids?: Array<string | number>,
): Record<string, unknown> {
  const shown = columns.filter((c) => c.exportable && !hidden.has(c.column ?? c.key));
  const body: Record<string, unknown> = {
    ...filters,
    headers: shown.map((c) => c.title),
    fields: shown.map((c) => c.key),
  };
  if (ids) body.ids = ids;
  return body;
}

export function exportFileName(title: string): string {
  return t('export.file', { title });
}

/** Whether a column-visibility change leaves at least one of keys shown (docs/decisions.md "Building blocks (issue 5)"). */
export function keepsOneColumn(keys: string[], map: Record<string, { show?: boolean } | undefined>): boolean {
  return keys.some((k) => map[k]?.show !== false);
}

/** A page of rows in ProTable's own shape; the one place the list type is adapted. */
export function toTableData<T>(page: { content: T[]; totalElements: number }) {
  return { data: page.content, total: page.totalElements, success: true };
}

/** A column as far as its search field's placeholder is concerned. */
export interface SearchColumn {
  title?: unknown;
  valueType?: unknown;
  search?: unknown;
  hideInSearch?: boolean;
  fieldProps?: unknown;
}

// Search fields of these value types are picked, not typed: 请选择{label}.
const PICKED = new Set(['select', 'treeSelect', 'radio', 'radioButton', 'checkbox', 'cascader', 'date', 'dateTime', 'dateWeek', 'dateMonth', 'time']);

/**
 * Search fields say what they want (seed-spec §5): 请输入{title} for typed ones, 请选择{title} for
 * picked ones, unless the column set its own placeholder. Range pickers keep their two
 * placeholders (开始日期 / 结束日期); a column whose fieldProps is a function is left as it is.
 */
export function withSearchPlaceholders<C extends SearchColumn>(columns: C[]): C[] {
  return columns.map((c) => {
    const searched = c.search !== false && !c.hideInSearch && typeof c.title === 'string' && c.title !== '';
    const type = typeof c.valueType === 'string' ? c.valueType : 'text';
    if (!searched || type.endsWith('Range') || type === 'option' || typeof c.fieldProps === 'function') return c;
    const props = (c.fieldProps ?? {}) as Record<string, unknown>;
    if (props.placeholder !== undefined) return c;
    const key = PICKED.has(type) ? 'ph.select' : 'ph.input';
    return { ...c, fieldProps: { ...props, placeholder: t(key, { label: c.title as string }) } };
  });
}
