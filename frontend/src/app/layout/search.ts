import Fuse from 'fuse.js';
import type { SidebarItem } from '@/app/menuRoutes';

/** One page the header search can find: its sidebar titles from the root down, and its path. */
export interface SearchEntry {
  path: string;
  title: string[];
  external: boolean;
}

/** Every page (and external link) of the sidebar the user sees, below `first` entries. */
export function searchPool(sidebar: readonly SidebarItem[], first: readonly SearchEntry[] = []): SearchEntry[] {
  const out: SearchEntry[] = [...first];
  const walk = (items: readonly SidebarItem[], parents: string[]) => {
    for (const item of items) {
      const title = [...parents, item.name];
      if (item.children?.length) walk(item.children, title);
      else out.push({ path: item.path, title, external: item.external === true });
    }
  };
  walk(sidebar, []);
  return out;
}

/** The header search (docs/decisions.md "Language and keep-alive (issue 3)"): fuzzy over title 0.7 and path 0.3, threshold 0.4. */
export function createSearch(pool: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool, {
    shouldSort: true,
    threshold: 0.4,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
