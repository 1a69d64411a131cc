import { Button, Card, Empty, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../messages';
import { FieldControl } from '../form/controls';
import { hasValue, LIMITS, type Field, type FieldOption } from '../form/types';
import { boundsOk, type KeyProblem } from './model';

export interface PropsPanelProps {
  field: Field | null;
  keyProblem?: KeyProblem;
  onChange: (change: Partial<Field>) => void;
}

const WITH_PLACEHOLDER = new Set(['text', 'textarea', 'number', 'amount', 'select', 'date', 'dept', 'user']);
const WITH_DEFAULT = new Set(['text', 'textarea', 'number', 'amount', 'select', 'date', 'dateRange']);
const num = (v: number | null) => (v === null ? undefined : v);

/** The chosen field's properties; each change applies at once (the canvas and the preview follow). */
export function PropsPanel({ field: f, keyProblem, onChange }: PropsPanelProps) {
  const t = useT();
  if (!f) {
    return (
      <Card size="small" title={t('wf.fd.props')}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wf.fd.props.empty')} />
      </Card>
    );
  }
  const keyError = keyProblem === 'taken' ? t('wf.fd.p.key.taken') : keyProblem === 'pattern' ? t('wf.fd.p.key.pattern') : undefined;
  const bounded = f.type === 'number' || f.type === 'amount';
  const lengths = f.type === 'text' || f.type === 'textarea';
  const bounds = boundsOk(f) ? undefined : t('wf.fd.p.minMax');
  return (
    <Card size="small" title={`${t('wf.fd.props')} · ${t(`wf.type.${f.type}`)}`}>
      <Form layout="vertical" size="small" aria-label={t('wf.fd.props')}>
        <Form.Item label={t('wf.fd.p.label')}>
          <Input aria-label={t('wf.fd.p.label')} value={f.label} maxLength={LIMITS.label} onChange={(e) => onChange({ label: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('wf.fd.p.key')} validateStatus={keyError ? 'error' : undefined} help={keyError}>
          <Input aria-label={t('wf.fd.p.key')} value={f.key} maxLength={32} onChange={(e) => onChange({ key: e.target.value.trim() })} />
        </Form.Item>
        {f.type === 'description' ? (
          <Form.Item label={t('wf.fd.p.content')}>
            <Input.TextArea aria-label={t('wf.fd.p.content')} rows={5} value={f.content} maxLength={LIMITS.content} onChange={(e) => onChange({ content: e.target.value })} />
          </Form.Item>
        ) : null}
        {hasValue(f.type) ? (
          <Form.Item label={t('wf.fd.p.required')}>
            <Switch aria-label={t('wf.fd.p.required')} checked={Boolean(f.required)} onChange={(v) => onChange({ required: v })} />
          </Form.Item>
        ) : null}
        {WITH_PLACEHOLDER.has(f.type) ? (
          <Form.Item label={t('wf.fd.p.placeholder')}>
            <Input aria-label={t('wf.fd.p.placeholder')} value={f.placeholder} maxLength={LIMITS.placeholder} onChange={(e) => onChange({ placeholder: e.target.value })} />
          </Form.Item>
        ) : null}
        {f.type === 'select' ? <SelectProps field={f} onChange={onChange} /> : null}
        {f.type === 'select' || f.type === 'dept' || f.type === 'user' ? (
          <Form.Item label={t('wf.fd.p.multiple')}>
            <Switch aria-label={t('wf.fd.p.multiple')} checked={Boolean(f.multiple)} onChange={(v) => onChange({ multiple: v, default: undefined })} />
          </Form.Item>
        ) : null}
        {bounded || lengths ? (
          <Form.Item validateStatus={bounds ? 'error' : undefined} help={bounds} style={{ marginBottom: 12 }}>
            <Space>
              <InputNumber<number>
                aria-label={t(lengths ? 'wf.fd.p.minLen' : 'wf.fd.p.min')}
                placeholder={t(lengths ? 'wf.fd.p.minLen' : 'wf.fd.p.min')}
                min={lengths ? 0 : undefined}
                value={f.min ?? null}
                onChange={(v) => onChange({ min: num(v) })}
              />
              <InputNumber<number>
                aria-label={t(lengths ? 'wf.fd.p.maxLen' : 'wf.fd.p.max')}
                placeholder={t(lengths ? 'wf.fd.p.maxLen' : 'wf.fd.p.max')}
                min={lengths ? 1 : undefined}
                max={lengths ? (f.type === 'text' ? LIMITS.text : LIMITS.textarea) : undefined}
                value={f.max ?? null}
                onChange={(v) => onChange({ max: num(v) })}
              />
            </Space>
          </Form.Item>
        ) : null}
        {f.type === 'number' ? (
          <Form.Item label={t('wf.fd.p.precision')}>
            <InputNumber<number> aria-label={t('wf.fd.p.precision')} min={0} max={LIMITS.precision} precision={0} value={f.precision ?? 0} onChange={(v) => onChange({ precision: num(v) })} />
          </Form.Item>
        ) : null}
        {f.type === 'upload' ? (
          <>
            <Form.Item label={t('wf.fd.p.maxCount')}>
              <InputNumber<number> aria-label={t('wf.fd.p.maxCount')} min={1} max={LIMITS.maxCount} precision={0} value={f.maxCount ?? 1} onChange={(v) => onChange({ maxCount: num(v) })} />
            </Form.Item>
            <Form.Item label={t('wf.fd.p.maxSizeMB')}>
              <InputNumber<number> aria-label={t('wf.fd.p.maxSizeMB')} min={1} max={LIMITS.maxSizeMB} precision={0} value={f.maxSizeMB ?? 5} onChange={(v) => onChange({ maxSizeMB: num(v) })} />
            </Form.Item>
            <Form.Item label={t('wf.fd.p.accept')}>
              <Input aria-label={t('wf.fd.p.accept')} placeholder="image/*,.pdf" value={f.accept} onChange={(e) => onChange({ accept: e.target.value })} />
            </Form.Item>
          </>
        ) : null}
        {WITH_DEFAULT.has(f.type) ? (
          <Form.Item label={t('wf.fd.p.default')}>
            <FieldControl field={{ ...f, required: false, placeholder: t('wf.fd.p.default') }} value={f.default ?? undefined} onChange={(v) => onChange({ default: v })} />
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}

/** A select's options: from a dictionary (by name) or its own list. */
function SelectProps({ field: f, onChange }: { field: Field; onChange: (change: Partial<Field>) => void }) {
  const t = useT();
  const fromDict = f.dict !== undefined;
  const options = f.options ?? [];
  const setOption = (i: number, change: Partial<FieldOption>) => onChange({ options: options.map((o, j) => (j === i ? { ...o, ...change } : o)) });
  return (
    <>
      <Form.Item label={t('wf.fd.p.source')}>
        <Radio.Group
          value={fromDict ? 'dict' : 'options'}
          onChange={(e) =>
            onChange(e.target.value === 'dict' ? { dict: '', options: undefined, default: undefined } : { dict: undefined, options: [{ label: '1', value: '1' }], default: undefined })
          }
          options={[
            { value: 'options', label: t('wf.fd.p.source.options') },
            { value: 'dict', label: t('wf.fd.p.source.dict') },
          ]}
        />
      </Form.Item>
      {fromDict ? (
        <Form.Item label={t('wf.fd.p.dict')}>
          {/* taken on blur: the default's dropdown loads the named dictionary, once, not per keystroke */}
          <Input
            key={f.key}
            aria-label={t('wf.fd.p.dict')}
            placeholder="leave_type"
            defaultValue={f.dict}
            onBlur={(e) => onChange({ dict: e.target.value.trim() })}
            onPressEnter={(e) => onChange({ dict: e.currentTarget.value.trim() })}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('wf.fd.p.options')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {options.map((o, i) => (
              <Space key={i} size={4}>
                <Input aria-label={`${t('wf.fd.p.option.label')}${i + 1}`} placeholder={t('wf.fd.p.option.label')} value={o.label} onChange={(e) => setOption(i, { label: e.target.value })} />
                <Input aria-label={`${t('wf.fd.p.option.value')}${i + 1}`} placeholder={t('wf.fd.p.option.value')} value={o.value} onChange={(e) => setOption(i, { value: e.target.value })} />
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('wf.fd.remove')} disabled={options.length <= 1} onClick={() => onChange({ options: options.filter((_, j) => j !== i) })} />
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={options.length >= LIMITS.options}
              onClick={() => onChange({ options: [...options, { label: String(options.length + 1), value: String(options.length + 1) }] })}
            >
              {t('wf.fd.p.option.add')}
            </Button>
          </Space>
        </Form.Item>
      )}
    </>
  );
}
