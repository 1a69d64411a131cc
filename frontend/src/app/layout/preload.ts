import { useCallback, useEffect, useMemo } from 'react';
import { whenIdle } from '@/shared/lib/chunk';
import type { PageRoute } from '@/app/menuRoutes';
import { preloadPage } from '../registry';

/**
 * The page staff open most (用户管理, issue 16): its chunk is fetched once the frame is idle after
 * sign-in, so its first open draws at once and sends its list request in the click's own commit.
 * Only this one: fetching every menu's page would hold the two cores other work needs.
 */
const MOST_USED = ['system/user/index'];

/**
 * Fetches pages ahead of their first open: the most used one when the frame is idle, any other
 * when the pointer rests on (or the keyboard reaches) its sidebar entry. Returns the sidebar
 * entry's handler, by the entry's path.
 */
export function usePagePreload(pages: readonly PageRoute[]): (path: string) => void {
  const keys = useMemo(() => new Map(pages.map((p) => [p.path, p.componentKey])), [pages]);
  useEffect(() => {
    const known = new Set(keys.values());
    const wanted = MOST_USED.filter((key) => known.has(key));
    if (wanted.length === 0) return;
    return whenIdle(() => wanted.forEach(preloadPage));
  }, [keys]);
  return useCallback(
    (path: string) => {
      const key = keys.get(path);
      if (key) preloadPage(key);
    },
    [keys],
  );
}
