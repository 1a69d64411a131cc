import { Radio, Table } from 'antd';
import type { FieldPerm, FieldPerms, FormField } from '../types.flow';
import { useT } from '../messages.flow';

interface Props {
  fields: FormField[];
  value: FieldPerms;
  onChange: (perms: FieldPerms) => void;
  /** What a field not listed gets: read for approvers, edit for the initiator (docs/workflow.md). */
  fallback: FieldPerm;
  /** The permissions offered: all three, but a cc node's recipients never edit. */
  choices?: FieldPerm[];
}

/** 字段权限: read / edit / hidden per form field for one node. */
export function FieldPermsTable({ fields, value, onChange, fallback, choices = ['read', 'edit', 'hidden'] }: Props) {
  const t = useT();
  const rows = fields.filter((f) => f.type !== 'description');
  if (rows.length === 0) return <div style={{ color: '#999' }}>{t('wf.set.noFields')}</div>;
  return (
    <Table<FormField>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: t('wf.set.field'), dataIndex: 'label', render: (label: string, f) => label || f.key },
        {
          title: t('wf.set.perms'),
          key: 'perm',
          render: (_, f) => (
            <Radio.Group
              size="small"
              aria-label={`${f.label}${t('wf.set.perms')}`}
              value={value[f.key] ?? fallback}
              onChange={(e) => onChange({ ...value, [f.key]: e.target.value as FieldPerm })}
              options={choices.map((p) => ({ value: p, label: t(`wf.perm.${p}`) }))}
            />
          ),
        },
      ]}
    />
  );
}
