import { Select, type SelectProps } from 'antd';
import { placeholder } from '@/shared/lib/rules';
import { useDicts } from './useDicts';

export type DictSelectProps = Omit<SelectProps, 'options'> & {
  /** Dictionary name, e.g. user_status. */
  dict: string;
  /** Field label, for the 请选择{label} placeholder. */
  label?: string;
};

/** A dropdown of one dictionary's entries. */
export function DictSelect({ dict, label, ...rest }: DictSelectProps) {
  const entries = useDicts(dict)[dict] ?? [];
  return (
    <Select
      allowClear
      placeholder={label ? placeholder(label, 'select') : undefined}
      options={entries.map((e) => ({ value: e.value, label: e.label }))}
      {...rest}
    />
  );
}
