import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { SidebarItem } from '@/app/menuRoutes';
import { useT } from '@/shared/lib/i18n';
import type { SearchEntry } from './search';

// The select and fuse.js come on the first open (issue 13: the frame's first load).
const SearchBox = lazy(() => import('./SearchBox'));

/**
 * The header search (docs/decisions.md "Language and keep-alive (issue 3)"): an icon that opens a fuzzy search over the pages the user
 * may see; choosing one goes there, an external link opens a window.
 */
export function HeaderSearch({ sidebar, first }: { sidebar: readonly SidebarItem[]; first: readonly SearchEntry[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);

  if (!open) {
    return (
      <Button type="text" aria-label={t('layout.search')} icon={<SearchOutlined />} onClick={() => setOpen(true)} />
    );
  }
  // ProLayout's action slot is squat; the box gets its own line so the select keeps its height.
  // While its chunk arrives the line keeps the box's size, so the header does not jump.
  return (
    <div style={{ display: 'flex', alignItems: 'center', height: 32, minWidth: 210, lineHeight: 'normal' }}>
      <Suspense fallback={null}>
        <SearchBox sidebar={sidebar} first={first} onClose={() => setOpen(false)} />
      </Suspense>
    </div>
  );
}
