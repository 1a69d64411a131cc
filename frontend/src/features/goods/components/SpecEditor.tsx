import { useState, type KeyboardEvent } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GoodsSpec } from '../api';
import { useT } from '../messages';
import { MAX_SPECS, MAX_VALUES } from './skuMatrix';

export interface SpecEditorProps {
  specs: GoodsSpec[];
  onChange: (specs: GoodsSpec[]) => void;
}

/**
 * The goods' spec dimensions (颜色, 尺码, …, at most three): a name and its values each. Values are
 * typed into a tags box (Enter or a comma adds one; the same value twice stays one).
 */
export function SpecEditor({ specs, onChange }: SpecEditorProps) {
  const t = useT();
  const set = (i: number, next: Partial<GoodsSpec>) => onChange(specs.map((s, j) => (j === i ? { ...s, ...next } : s)));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {specs.map((s, i) => (
        // a dimension has no id of its own; its place is its identity while the dialog is open
        <Space.Compact key={i} style={{ width: '100%' }} data-spec={i}>
          <Input
            style={{ width: 160 }}
            value={s.name}
            maxLength={32}
            aria-label={`${t('goods.spec.name')} ${i + 1}`}
            placeholder={t('goods.spec.namePlaceholder')}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <ValuesInput
            values={s.values}
            label={`${t('goods.spec.values')} ${i + 1}`}
            placeholder={t('goods.spec.valuesPlaceholder')}
            onChange={(values) => set(i, { values })}
          />
          <Button icon={<DeleteOutlined />} aria-label={`${t('goods.spec.remove')} ${i + 1}`} title={t('goods.spec.remove')} onClick={() => onChange(specs.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Space>
        <Button icon={<PlusOutlined />} disabled={specs.length >= MAX_SPECS} onClick={() => onChange([...specs, { name: '', values: [] }])}>
          {t('goods.spec.add')}
        </Button>
        <Typography.Text type="secondary">{t('goods.spec.hint', { n: MAX_SPECS })}</Typography.Text>
      </Space>
    </Space>
  );
}

interface ValuesInputProps {
  values: string[];
  label: string;
  placeholder: string;
  onChange: (values: string[]) => void;
}

/**
 * A dimension's values as tags: Enter (or a comma, or leaving the box) adds what was typed, a
 * tag's × removes it; a value already there is not added twice.
 */
function ValuesInput({ values, label, placeholder, onChange }: ValuesInputProps) {
  const [typed, setTyped] = useState('');
  const add = (text: string) => {
    const more = text.split(/[,，]/).map((v) => v.trim()).filter((v) => v && !values.includes(v));
    if (more.length > 0) onChange([...values, ...new Set(more)].slice(0, MAX_VALUES));
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter that ends an input method's composition picks the characters, it does not add them
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      add(typed);
    } else if (e.key === 'Backspace' && typed === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div className="ant-input" style={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4, padding: '1px 4px' }}>
      {values.map((v) => (
        <Tag key={v} closable style={{ marginInlineEnd: 0 }} onClose={() => onChange(values.filter((x) => x !== v))}>
          {v}
        </Tag>
      ))}
      <Input
        variant="borderless"
        size="small"
        style={{ flex: 1, minWidth: 96, paddingInline: 4 }}
        value={typed}
        aria-label={label}
        placeholder={values.length === 0 ? placeholder : undefined}
        disabled={values.length >= MAX_VALUES}
        maxLength={32}
        onChange={(e) => (/[,，]/.test(e.target.value) ? add(e.target.value) : setTyped(e.target.value))}
        onKeyDown={onKeyDown}
        onBlur={() => typed.trim() && add(typed)}
      />
    </div>
  );
}
