import { Button, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useDicts } from '@/shared/ui/dict';
import type { CompareOp, Condition, FormField } from '../types.flow';
import { useT } from '../messages.flow';
import { DeptsPicker } from './RefPickers';

/** Field types a branch may compare (docs/workflow.md): numbers, amounts and leave days; a select's options. */
const NUMERIC = new Set(['number', 'amount', 'leaveRange']);
const OPS: CompareOp[] = ['gt', 'ge', 'lt', 'le', 'eq', 'ne'];
const DEPT = '__dept';

export function conditionFields(fields: FormField[]): FormField[] {
  return fields.filter((f) => NUMERIC.has(f.type) || f.type === 'select');
}

/** A fresh condition on a field (or the initiator's department). */
export function conditionFor(fields: FormField[], key: string): Condition {
  if (key === DEPT) return { kind: 'dept', depts: [] };
  const field = fields.find((f) => f.key === key);
  return field?.type === 'select' ? { kind: 'field', field: key, op: 'in', value: [] } : { kind: 'field', field: key, op: 'gt', value: 0 };
}

function DictOptions({ field, value, onChange, label }: { field: FormField & { dict: string }; value: string[]; onChange: (v: string[]) => void; label: string }) {
  const dicts = useDicts(field.dict);
  return <OptionsSelect options={dicts[field.dict] ?? []} value={value} onChange={onChange} label={label} />;
}

function OptionsSelect({ options, value, onChange, label }: { options: Array<{ label: string; value: string }>; value: string[]; onChange: (v: string[]) => void; label: string }) {
  return <Select mode="multiple" aria-label={label} style={{ minWidth: 200 }} value={value} onChange={onChange} options={options} />;
}

interface RowProps {
  fields: FormField[];
  value: Condition;
  onChange: (c: Condition) => void;
  onRemove: () => void;
}

function ConditionRow({ fields, value, onChange, onRemove }: RowProps) {
  const t = useT();
  const choices = [
    ...conditionFields(fields).map((f) => ({ value: f.key, label: f.label || f.key })),
    { value: DEPT, label: t('wf.cond.dept') },
  ];
  const key = value.kind === 'dept' ? DEPT : value.field;
  const field = value.kind === 'field' ? fields.find((f) => f.key === value.field) : undefined;
  const valueLabel = t('wf.cond.value');
  let rest: React.ReactNode = null;
  if (value.kind === 'dept') {
    rest = <DeptsPicker label={t('wf.cond.dept')} value={value.depts} onChange={(depts) => onChange({ ...value, depts })} />;
  } else if (value.op === 'in') {
    const set = (v: string[]) => onChange({ ...value, value: v });
    rest = (
      <>
        <span>{t('wf.cond.in')}</span>
        {field?.dict ? (
          <DictOptions field={{ ...field, dict: field.dict }} value={value.value} onChange={set} label={valueLabel} />
        ) : (
          <OptionsSelect options={field?.options ?? []} value={value.value} onChange={set} label={valueLabel} />
        )}
      </>
    );
  } else {
    const numeric = value;
    rest = (
      <>
        <Select<CompareOp>
          aria-label={`${field?.label ?? ''}比较`}
          style={{ width: 110 }}
          value={numeric.op}
          onChange={(op) => onChange({ ...numeric, op })}
          options={OPS.map((op) => ({ value: op, label: t(`wf.op.${op}`) }))}
        />
        <InputNumber
          aria-label={valueLabel}
          value={numeric.value}
          precision={field?.type === 'amount' ? 2 : undefined}
          onChange={(v) => onChange({ ...numeric, value: typeof v === 'number' ? v : 0 })}
        />
      </>
    );
  }
  return (
    <Space wrap align="center" style={{ display: 'flex', marginBottom: 8 }} data-testid="condition">
      <Select aria-label={t('wf.cond.field')} style={{ width: 140 }} value={key} options={choices} onChange={(k: string) => onChange(conditionFor(fields, k))} />
      {rest}
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('sys.del')} onClick={onRemove} />
    </Space>
  );
}

interface Props {
  fields: FormField[];
  value: Condition[];
  onChange: (c: Condition[]) => void;
}

/** A branch's conditions, all of which must hold. */
export function ConditionEditor({ fields, value, onChange }: Props) {
  const t = useT();
  const first = conditionFields(fields)[0]?.key ?? DEPT;
  return (
    <div>
      <div style={{ color: '#999', marginBottom: 8 }}>{t('wf.cond.all')}</div>
      {value.map((c, i) => (
        <ConditionRow
          key={i}
          fields={fields}
          value={c}
          onChange={(next) => onChange(value.map((old, j) => (j === i ? next : old)))}
          onRemove={() => onChange(value.filter((_, j) => j !== i))}
        />
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...value, conditionFor(fields, first)])}>
        {t('wf.cond.add')}
      </Button>
    </div>
  );
}
