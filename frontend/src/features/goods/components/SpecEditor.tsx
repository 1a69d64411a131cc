import { Button, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GoodsSpec } from '../api';
import { useT } from '../messages';
import { MAX_SPECS } from './skuMatrix';

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
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            style={{ flex: 1, minWidth: 0 }}
            value={s.values}
            aria-label={`${t('goods.spec.values')} ${i + 1}`}
            placeholder={t('goods.spec.valuesPlaceholder')}
            tokenSeparators={[',', '，']}
            onChange={(values: string[]) => set(i, { values: unique(values) })}
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

/** Trimmed, without empties and repeats, in the order typed. */
function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}
