import { Table, Typography } from 'antd';
import type { LogRow } from './api';
import { useT } from './messages';

export type LogChange = NonNullable<LogRow['changes']>[number];

/**
 * A changed value as people read it: text and numbers as they are, a reference by its name
 * (dept: {id, name} → 运营部), a list of references by their names, anything else as JSON;
 * nothing (null, "", []) as —.
 */
export function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const named = (x: unknown) => (x && typeof x === 'object' && 'name' in x && typeof x.name === 'string' ? x.name : undefined);
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    const names = v.map(named);
    return names.every((n) => n !== undefined) ? names.join('、') : v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  }
  return named(v) ?? JSON.stringify(v);
}

/** The fields a write changed (字段 / 修改前 / 修改后): the operation log's row, expanded. */
export function ChangesTable({ changes }: { changes: LogChange[] }) {
  const t = useT();
  return (
    <Table<LogChange>
      size="small"
      rowKey="field"
      pagination={false}
      aria-label={t('log.changes')}
      dataSource={changes}
      style={{ maxWidth: 960 }}
      columns={[
        { title: t('log.field'), dataIndex: 'field', width: 160 },
        {
          title: t('log.before'),
          key: 'before',
          render: (_, c) => <Typography.Text type="secondary" delete={c.before !== null && c.before !== ''}>{shownValue(c.before)}</Typography.Text>,
        },
        { title: t('log.after'), key: 'after', render: (_, c) => <Typography.Text>{shownValue(c.after)}</Typography.Text> },
      ]}
    />
  );
}
