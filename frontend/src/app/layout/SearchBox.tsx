import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import type { SidebarItem } from '@/app/menuRoutes';
import { useT } from '@/shared/lib/i18n';
import { createSearch, searchPool, type SearchEntry } from './search';

/**
 * The opened header search: a select over the fuzzy search (fuse.js). Its own chunk, fetched on
 * the first click of the search icon (HeaderSearch), so neither rides with the frame.
 */
export default function SearchBox({
  sidebar,
  first,
  onClose,
}: {
  sidebar: readonly SidebarItem[];
  first: readonly SearchEntry[];
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const find = useMemo(() => createSearch(searchPool(sidebar, first)), [sidebar, first]);
  const results = useMemo(() => find(query), [find, query]);

  const choose = (path: string) => {
    const entry = results.find((e) => e.path === path);
    onClose();
    if (!entry) return;
    if (entry.external) window.open(entry.path, '_blank', 'noopener');
    else navigate(entry.path);
  };

  return (
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
      onBlur={onClose}
      notFoundContent={null}
      options={results.map((e) => ({ value: e.path, label: e.title.join(' > ') }))}
    />
  );
}
