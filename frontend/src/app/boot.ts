import { useSession } from '@/features/auth';
import { chunk } from '@/shared/lib/chunk';
import { getToken } from '@/shared/lib/token';
import { HOME_PATH, PUBLIC_PATHS, underBase } from './guards';

/**
 * The router path a page load opens (inside the basename; "/" is the home page), or null when the
 * browser is on a page that is not the console's (a host's own page).
 */
export function openingPath(locationPath: string, basename: string): string | null {
  const base = basename.replace(/\/$/, '');
  if (base && !underBase(locationPath, base)) return null;
  const path = locationPath.slice(base.length).replace(/\/$/, '') || '/';
  return path === '/' ? HOME_PATH : path;
}

/**
 * The frame's and the home page's code, shared by the boot and the routes: a route drawn once its
 * code is there does not suspend (React.lazy would, and hold the commit for its fallback throttle).
 */
export const frameCode = chunk(() => import('./layout/Frame'));
export const dashboardCode = chunk(() => import('@/features/dashboard/DashboardPage'));

/** The dashboard's early request, in a chunk of its own: the entry (the sign-in page's too) stays as it was. */
const earlyOverview = chunk(() => import('@/features/dashboard/early'));

/** What a signed-in page needs beyond the frame, by path: its first answer and its code. */
const OPENING_PAGES: Record<string, { ask: (live: () => boolean) => void; load: () => void }> = {
  [HOME_PATH]: {
    ask: (live) => void earlyOverview.get().then((m) => live() && m.prefetchOverview()),
    load: () => void dashboardCode.get(),
  },
};

/**
 * A signed-in page load asks at once for everything its first screen needs (issue 32): the user
 * info and menus, the frame's and the opening page's code, and that page's first answer. Without
 * it each waited for the one before (code → info → menus → frame → page → its request).
 * Gives what undoes it at unmount.
 */
export function bootSignedIn(path: string | null): () => void {
  if (!getToken() || path === null || PUBLIC_PATHS.includes(path)) return () => undefined;
  let mounted = true;
  // answers first, then the frame's code, then the page's: they share the browser's six
  // connections to the BFF
  void useSession.getState().restore();
  const page = OPENING_PAGES[path];
  page?.ask(() => mounted);
  void frameCode.get();
  page?.load();
  return () => {
    mounted = false;
    earlyOverview.loaded?.dropEarlyOverview();
  };
}
