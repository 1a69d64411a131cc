import type { ReactNode } from 'react';
import { Empty, Pagination, Spin, theme, type PaginationProps, type TableColumnType } from 'antd';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { keyOf, type DataColumn } from './columns';

/** The roles of a list's columns in its card: the heading, the status beside it, the lines under it. */
export interface CardRoles<T> {
  title?: DataColumn<T>;
  status?: DataColumn<T>;
  fields: DataColumn<T>[];
}

/** How many lines a card shows under its heading when the page marks none. */
const CARD_FIELDS = 3;
const STATUS_FIELDS = ['status', 'enabled'];

/**
 * Which shown columns a card shows, and as what. A page may say it (`card` on a column); else the
 * first column is the heading, a `status` or `enabled` column the tag beside it, and the next three
 * the lines, the list's money and times first (what a person checks on the way).
 */
export function cardRoles<T>(shown: DataColumn<T>[]): CardRoles<T> {
  const data = shown.filter((c) => c.valueType !== 'option' && c.card !== 'hide');
  const title = data.find((c) => c.card === 'title') ?? data.find((c) => c.card === undefined);
  const status =
    data.find((c) => c.card === 'status') ?? data.find((c) => c.card === undefined && c !== title && STATUS_FIELDS.includes(String(c.dataIndex)));
  const marked = data.filter((c) => c.card === 'field');
  if (marked.length > 0) return { title, status, fields: marked };
  const rest = data.filter((c) => c !== title && c !== status && c.card === undefined);
  const keyed = (c: DataColumn<T>) => (c.align === 'right' || c.className === DATE_CELL ? 0 : 1);
  // a stable sort: the page's order within each kind
  const fields = rest
    .map((c, i) => [c, i] as const)
    .sort((a, b) => keyed(a[0]) - keyed(b[0]) || a[1] - b[1])
    .slice(0, CARD_FIELDS)
    .sort((a, b) => a[1] - b[1])
    .map(([c]) => c);
  return { title, status, fields };
}

export interface CardListProps<T> {
  rows: T[];
  rowKey: keyof T & string;
  /** The shown columns of the page, in order (cardRoles picks the card's parts). */
  columns: DataColumn<T>[];
  /** The table's own columns (their render draws the cells), by keyOf of the page's columns. */
  antColumns: Map<string, TableColumnType<T>>;
  /** The 操作 column's cell, if the list has one. */
  actions?: TableColumnType<T>;
  loading: boolean;
  pagination: false | PaginationProps;
  /** The list's name for assistive technology (the table's title). */
  label: string;
}

function cell<T>(column: TableColumnType<T> | undefined, row: T, index: number): ReactNode {
  if (!column?.render) return null;
  return column.render(undefined, row, index) as ReactNode;
}

/** The list on a phone: a card a row with its heading, status, key lines and row buttons; the pager under them. */
export function CardList<T>({ rows, rowKey, columns, antColumns, actions, loading, pagination, label }: CardListProps<T>) {
  const { token } = theme.useToken();
  const roles = cardRoles(columns);
  const column = (c: DataColumn<T> | undefined) => (c ? antColumns.get(keyOf(c)) : undefined);
  return (
    <Spin spinning={loading}>
      <div className="data-table-cards" role="list" aria-label={label}>
        {rows.length === 0 && !loading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
        {rows.map((row, index) => (
          <div
            key={String(row[rowKey])}
            role="listitem"
            className="data-table-card-row"
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '12px 12px 4px', marginBottom: 12 }}
          >
            {/* the tags go under a long heading rather than break it */}
            <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8, marginBottom: 8 }}>
              <div className="data-table-card-title" style={{ fontWeight: 500, color: token.colorTextHeading, minWidth: 0, overflowWrap: 'anywhere' }}>
                {cell(column(roles.title), row, index)}
              </div>
              {roles.status ? <div className="data-table-card-status" style={{ flex: 'none' }}>{cell(column(roles.status), row, index)}</div> : null}
            </div>
            {roles.fields.map((f) => (
              <div key={keyOf(f)} className="data-table-card-field" style={{ display: 'flex', justifyContent: 'space-between', gap: 12, marginBottom: 4 }}>
                <span style={{ color: token.colorTextSecondary, flex: 'none' }}>{f.title}</span>
                <span style={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{cell(column(f), row, index)}</span>
              </div>
            ))}
            {actions ? (
              <div
                className="data-table-card-actions"
                style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, marginTop: 8, paddingTop: 4, display: 'flex', justifyContent: 'flex-end' }}
              >
                {cell(actions, row, index)}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {pagination ? <Pagination size="small" simple style={{ textAlign: 'right', marginTop: 4 }} {...pagination} /> : null}
    </Spin>
  );
}
