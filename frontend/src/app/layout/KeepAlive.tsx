import { Activity, Suspense, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router';
import { PageSpinner } from '@/shared/ui/PageSpinner';
import { useTabs } from '@/stores/tabs';

interface Kept {
  element: ReactNode;
  location: Location;
  /** The page's generation when kept: a refresh since then drops it. */
  generation: number;
}

/**
 * The frame's outlet, with the pages of open tabs kept alive while another is shown (state,
 * half-filled forms), through React's own <Activity> (seed-spec §2). A page whose tab has
 * noCache, or that has no tab, lives only while shown. Each kept page sees the location it was
 * opened at, so a hidden page does not react to the shown page's URL. A refresh bumps the
 * page's generation: the new key mounts it afresh.
 */
export function KeepAlive() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = useTabs((s) => s.tabs);
  const generation = useTabs((s) => s.generation);
  const kept = useRef(new Map<string, Kept>());

  const path = location.pathname;
  const current = tabs.find((t) => t.path === path);
  const cacheable = !!current && !current.noCache;
  // Only what is still a tab stays; the shown page's entry follows its latest location.
  for (const key of [...kept.current.keys()]) {
    const entry = kept.current.get(key);
    const stale = entry && entry.generation !== (generation[key] ?? 0);
    if (stale || !tabs.some((t) => t.path === key && !t.noCache)) kept.current.delete(key);
  }
  if (cacheable) kept.current.set(path, { element: outlet, location, generation: generation[path] ?? 0 });

  const pages = [...kept.current.entries()].map(([key, entry]) => (
    <Activity key={`${key}#${generation[key] ?? 0}`} mode={key === path ? 'visible' : 'hidden'}>
      <UNSAFE_LocationContext.Provider value={{ location: entry.location, navigationType }}>
        <Suspense fallback={<PageSpinner />}>{entry.element}</Suspense>
      </UNSAFE_LocationContext.Provider>
    </Activity>
  ));
  if (!cacheable) {
    pages.push(
      <Suspense key={`live:${path}#${generation[path] ?? 0}`} fallback={<PageSpinner />}>
        {outlet}
      </Suspense>,
    );
  }
  return <>{pages}</>;
}
