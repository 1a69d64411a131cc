import { useEffect, useRef, useState } from 'react';
import { Select, Space, Spin, Typography } from 'antd';
import { findSkus, type SkuOption } from '../api';
import { useT } from '../messages';

/** How long typing pauses before the BFF is asked. */
const SEARCH_DELAY_MS = 250;

export interface SkuPickerProps {
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The picked SKU itself (its stock, for the dialog). */
  onPick?: (sku: SkuOption | undefined) => void;
  label?: string;
}

/**
 * The adjust dialog's 商品规格: SKUs searched by code or goods name (the caller's own only: the BFF
 * scopes a channel operator), each shown with its goods, spec values and stock.
 */
export function SkuPicker({ value, onChange, onPick, label }: SkuPickerProps) {
  const t = useT();
  const [options, setOptions] = useState<SkuOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const asked = useRef(0); // only the latest search's answer is shown

  const search = (blurry: string, delay = SEARCH_DELAY_MS) => {
    window.clearTimeout(timer.current);
    const n = ++asked.current;
    setLoading(true);
    timer.current = window.setTimeout(() => {
      findSkus(blurry.trim())
        .then((list) => n === asked.current && setOptions(list))
        .catch(() => undefined) // the request client has told the user
        .finally(() => n === asked.current && setLoading(false));
    }, delay);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <Select<number>
      showSearch
      allowClear
      filterOption={false}
      aria-label={label}
      placeholder={t('stock.sku.search')}
      value={value}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={(options ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.goodsName}`, sku: s }))}
      optionRender={(o) => {
        const s = (o.data as { sku: SkuOption }).sku;
        return (
          <Space size={6}>
            <span>{s.code}</span>
            <span>{s.goodsName}</span>
            {s.specText ? <Typography.Text type="secondary">{s.specText}</Typography.Text> : null}
            <Typography.Text type="secondary">{t('stock.adjust.now', { n: s.stock })}</Typography.Text>
          </Space>
        );
      }}
      onSearch={(text) => search(text)}
      onOpenChange={(open) => open && options === null && search('', 0)}
      onChange={(v) => {
        onChange?.(v ?? undefined);
        onPick?.(options?.find((s) => s.id === v));
      }}
    />
  );
}
