import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { SidebarItem } from '@/app/menuRoutes';
import { useT } from '@/shared/lib/i18n';
import { createSearch, searchPool, type SearchEntry } from './search';

/**
 * The header search (docs/decisions.md "Language and keep-alive (issue 3)"): an icon that opens a fuzzy search over the pages the user
 * may see; choosing one goes there, an external link opens a window.
 */
export function HeaderSearch({ sidebar, first }: { sidebar: readonly SidebarItem[]; first: readonly SearchEntry[] }) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const find = useMemo(() => createSearch(searchPool(sidebar, first)), [sidebar, first]);
  const results = useMemo(() => find(query), [find, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (path: string) => {
    const entry = results.find((e) => e.path === path);
    close();
    if (!entry) return;
    if (entry.external) window.open(entry.path, '_blank', 'noopener');
    else navigate(entry.path);
  };

  if (!open) {
    return (
      <Button type="text" aria-label={t('layout.search')} icon={<SearchOutlined />} onClick={() => setOpen(true)} />
    );
  }
  // ProLayout's action slot is squat; the box gets its own line so the select keeps its height.
  return (
    <div style={{ display: 'flex', alignItems: 'center', height: 32, lineHeight: 'normal' }}>
    <Select
      autoFocus
      defaultOpen
      showSearch
      aria-label={t('layout.search')}
      placeholder={t('layout.search')}
      style={{ width: 210 }}
      filterOption={false}
      searchValue={query}
      onSearch={setQuery}
      value={null}
      onChange={choose}
      onBlur={close}
      notFoundContent={null}
      options={results.map((e) => ({ value: e.path, label: e.title.join(' > ') }))}
    />
    </div>
  );
}
