import { useEffect, useState } from 'react';

/**
 * A phone's width (antd's xs, under 576 px): there a list is a card a row (issue 33: at 390 px a
 * table showed only 序号 and the pinned 操作 column). A media query of its own, not antd's Grid:
 * every list page loads this, the order page at its size budget. The frame's header
 * uses it too (fewer controls, so the logo stays).
 */
export const NARROW_QUERY = '(max-width: 575px)';

/** Whether the window is a phone's width, following its changes. */
export function useNarrow(): boolean {
  const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);
  const [narrow, setNarrow] = useState(() => query()?.matches === true);
  useEffect(() => {
    const list = query();
    if (!list) return;
    const change = () => setNarrow(list.matches);
    change();
    list.addEventListener?.('change', change);
    return () => list.removeEventListener?.('change', change);
  }, []);
  return narrow;
}
