import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Select, Space, Spin, Tag, Typography } from 'antd';
import { placeholder } from '@/shared/lib/rules';
import { useT } from '@/shared/lib/i18n';
import { AGENCY_SEARCH_DELAY_MS, agencyLabel, agencyOptions, type AgencyOption } from './agencies';

export interface AgencySelectProps {
  /** The chosen agency's id (a URL preset may bring it as text). */
  value?: number | string | null;
  onChange?: (id: number | undefined) => void;
  /** Field label: the placeholder and the accessible name. */
  label?: string;
}

const idOf = (v: AgencySelectProps['value']): number | undefined => {
  const n = v === undefined || v === null || v === '' ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Whether an agency's name or code contains text, as the BFF searches (case aside). */
const matches = (o: AgencyOption | undefined, text: string) => {
  const q = text.trim().toLowerCase();
  return !!o && (o.name.toLowerCase().includes(q) || o.code.toLowerCase().includes(q));
};

/**
 * The 渠道 filter: agencies picked by name. Typing narrows the shown options at once and searches
 * the BFF (name or code) after a pause;
 * opening it lists the first agencies by name; a chosen id that is not among the options (a
 * preset from the address) is fetched by id so that its name shows.
 */
export function AgencySelect({ value, onChange, label }: AgencySelectProps) {
  const t = useT();
  const id = idOf(value);
  const [options, setOptions] = useState<AgencyOption[] | null>(null);
  const [chosen, setChosen] = useState<AgencyOption | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const asked = useRef(0); // only the latest search's answer is shown

  const search = (blurry: string, delay = AGENCY_SEARCH_DELAY_MS) => {
    window.clearTimeout(timer.current);
    const n = ++asked.current; // an answer to an earlier text arriving now is dropped
    setLoading(true);
    timer.current = window.setTimeout(() => {
      agencyOptions({ blurry: blurry.trim() })
        .then((list) => n === asked.current && setOptions(list))
        .catch(() => undefined) // the request client has told the user
        .finally(() => n === asked.current && setLoading(false));
    }, delay);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const known = id === undefined ? undefined : (options?.find((o) => o.id === id) ?? (chosen?.id === id ? chosen : undefined));
  useEffect(() => {
    if (id === undefined || known) return;
    let live = true;
    agencyOptions({ ids: [id] })
      .then((list) => live && setChosen(list[0] ?? { id, name: `#${id}`, code: '', enabled: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, known]);

  const list = [...(options ?? [])];
  if (known && !list.some((o) => o.id === known.id)) list.unshift(known);
  const optionLabel = (o: AgencyOption): ReactNode => (
    <Space size={4}>
      <span>{o.name}</span>
      {o.code ? <Typography.Text type="secondary">{o.code}</Typography.Text> : null}
      {o.enabled ? null : <Tag bordered={false}>{t('picker.agency.disabled')}</Tag>}
    </Space>
  );
  return (
    <Select<number>
      showSearch
      allowClear
      // what is shown narrows at once as the user types; the BFF's answer (beyond these 20) follows
      filterOption={(input, o) => matches((o as { agency?: AgencyOption } | undefined)?.agency, input)}
      aria-label={label}
      placeholder={label ? placeholder(label, 'select') : undefined}
      value={id}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={list.map((o) => ({ value: o.id, label: o.name, agency: o }))}
      optionRender={(o) => optionLabel((o.data as { agency: AgencyOption }).agency)}
      onSearch={(text) => search(text)}
      onOpenChange={(open) => open && options === null && search('', 0)}
      onChange={(v) => {
        setChosen(list.find((o) => o.id === v) ?? null);
        onChange?.(v ?? undefined);
      }}
    />
  );
}

/** A row's agency in a list: its name (through link, when given: the page's link to the agency), or own for the shop's own rows. */
export function AgencyCell({
  row,
  own,
  link,
}: {
  row: { agencyId?: number | null; agencyName?: string };
  own: string;
  link?: (id: number, name: string) => ReactNode;
}) {
  const name = agencyLabel(row);
  if (!name || !row.agencyId) return <>{own}</>;
  return <>{link ? link(row.agencyId, name) : name}</>;
}
