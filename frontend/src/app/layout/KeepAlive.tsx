import { Suspense, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router';
import { PageErrorBoundary } from '@/features/errors/PageErrorBoundary';
import { PageSpinner } from '@/shared/ui/PageSpinner';
import { tabKey, useTabs } from './tabs';

interface Kept {
  element: ReactNode;
  /** The location the page sees: the one it was last shown at. One object, so hidden pages don't re-render. */
  route: { location: Location; navigationType: NavigationType };
  /** The page's generation when kept: a refresh since then drops it. */
  generation: number;
}

/**
 * The frame's outlet, with the pages of open tabs kept alive while another is shown (state,
 * half-filled forms). A page whose tab has noCache, or that has no tab, lives only while shown.
 * Each kept page sees the location it was last shown at, so a hidden page does not react to the
 * shown page's URL. A refresh bumps the page's generation: the new key mounts it afresh.
 *
 * Hidden pages are only hidden (display: none), not React's <Activity mode="hidden">: Activity
 * tears a hidden page's effects down and runs them again when it is shown, so every list page
 * fetched its rows again on each tab switch, and ProTable's search form re-submitted what had
 * been typed but not searched. Like Vue's keep-alive of the original, a kept page stays mounted.
 */
export function KeepAlive({ willKeep }: { willKeep?: (pathname: string) => boolean } = {}) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = useTabs((s) => s.tabs);
  const generation = useTabs((s) => s.generation);
  const kept = useRef(new Map<string, Kept>());

  const path = tabKey(location.pathname, location.search);
  const current = tabs.find((t) => t.path === path);
  // A page opened just now has its tab only after the frame's effect adds it: kept from its first
  // draw when its tab will keep it, it is not drawn twice (once tabless, once kept), which sent
  // its list requests twice (issue 16).
  const cacheable = current ? !current.noCache : !!willKeep?.(location.pathname);
  // Only what is still a tab stays; the shown page's entry follows its latest location.
  for (const key of [...kept.current.keys()]) {
    const entry = kept.current.get(key);
    const stale = entry && entry.generation !== (generation[key] ?? 0);
    if (stale || !tabs.some((t) => t.path === key && !t.noCache)) kept.current.delete(key);
  }
  if (cacheable) {
    const before = kept.current.get(path);
    const route = before?.route.location === location ? before.route : { location, navigationType };
    kept.current.set(path, { element: outlet, route, generation: generation[path] ?? 0 });
  }

  const pages = [...kept.current.entries()].map(([key, entry]) => (
    <div key={`${key}#${generation[key] ?? 0}`} data-kept={key} style={{ display: key === path ? 'contents' : 'none' }}>
      <UNSAFE_LocationContext.Provider value={entry.route}>
        <PageErrorBoundary>
          <Suspense fallback={<PageSpinner />}>{entry.element}</Suspense>
        </PageErrorBoundary>
      </UNSAFE_LocationContext.Provider>
    </div>
  ));
  if (!cacheable) {
    pages.push(
      <PageErrorBoundary key={`live:${path}#${generation[path] ?? 0}`}>
        <Suspense fallback={<PageSpinner />}>{outlet}</Suspense>
      </PageErrorBoundary>,
    );
  }
  return <>{pages}</>;
}
