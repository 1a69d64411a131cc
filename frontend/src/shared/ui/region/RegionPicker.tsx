import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import type { RegionOption } from './regions';


/** How a region is stored: its names joined, 浙江省/杭州市/西湖区 (the BFF keeps a text). */
export const REGION_SEP = '/';

/** The names of a stored region; free text of older rows is one or more names as written. */
export function regionPath(text: string | undefined | null): string[] {
  return (text ?? '')
    .split(REGION_SEP)
    .map((s) => s.trim())
    .filter(Boolean);
}

let loading: Promise<RegionOption[]> | undefined;
/** The divisions, fetched once, as their own chunk: no page's first load carries them. */
export function loadRegions(): Promise<RegionOption[]> {
  loading ??= import('./regions').then((m) => m.regionOptions());
  return loading;
}

export interface RegionPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
}

/**
 * 所在地区 as a province / city / district cascader with search (type 西湖 to find
 * 浙江省 / 杭州市 / 西湖区). The value stays the readable text the BFF stores; an older row's free
 * text shows as written until another region is picked.
 */
export function RegionPicker({ value, onChange, id, placeholder }: RegionPickerProps) {
  const [options, setOptions] = useState<RegionOption[]>([]);
  useEffect(() => {
    let live = true;
    void loadRegions().then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Cascader
      id={id}
      options={options}
      value={regionPath(value)}
      onChange={(v) => onChange?.(((v as string[] | undefined) ?? []).join(REGION_SEP))}
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input.trim())) }}
      placeholder={placeholder}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
