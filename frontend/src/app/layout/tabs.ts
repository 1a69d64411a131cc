import { create } from 'zustand';

/** A visited page shown as a tab (docs/decisions.md "Language and keep-alive (issue 3)"). */
export interface Tab {
  /** The tab's identity (tabKey): the pathname, one tab per path, or one per record of a record page. */
  path: string;
  /** Path with query, where the tab leads back to. */
  fullPath: string;
  /** The query of fullPath as name → value (seed-spec §3: a tab carries its query). */
  query?: Record<string, string>;
  /** The menu's route name, when the page comes from the menu tree. */
  name?: string;
  title: string;
  /** Pinned: survives close others / close all and has no close button. */
  affix?: boolean;
  /** The page is not kept alive while hidden. */
  noCache?: boolean;
}

export const DASHBOARD_PATH = '/dashboard';
/** Pages showing one record by `?id=`: each record is a tab of its own (issue 16). */
export const RECORD_TAB_PATHS: readonly string[] = ['/flowDetail', '/batchDetail'];

/** A tab's identity: its pathname, with `?id=` for a record page (two flows, two tabs). */
export function tabKey(pathname: string, search: string): string {
  if (!RECORD_TAB_PATHS.includes(pathname)) return pathname;
  const id = new URLSearchParams(search).get('id');
  return id ? `${pathname}?id=${id}` : pathname;
}

/** The pathname of a tab's identity. */
export function pathOfTab(key: string): string {
  const at = key.indexOf('?');
  return at < 0 ? key : key.slice(0, at);
}
/** Title of a tab whose route has none (docs/decisions.md "Language and keep-alive (issue 3)"). */
export const NO_NAME = 'no-name';
/** Tabs survive a reload of the page (docs/decisions.md "Language and keep-alive (issue 3)"): kept in this session storage entry. */
export const TABS_STORAGE_KEY = 'mall-tabs';

export function dashboardTab(title: string): Tab {
  return { path: DASHBOARD_PATH, fullPath: DASHBOARD_PATH, title, affix: true, noCache: true };
}

/** The tabs after visiting `tab`: added unless its path is open (then its full path, title and noCache follow). */
export function withTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const entry = { ...tab, title: tab.title || NO_NAME };
  const at = tabs.findIndex((t) => t.path === entry.path);
  if (at < 0) return [...tabs, entry];
  const open = tabs[at];
  if (open.fullPath === entry.fullPath && open.title === entry.title && !!open.noCache === !!entry.noCache) {
    return tabs as Tab[];
  }
  // A menu change (title, cache switch) takes effect on the open tab too.
  // Reopened with another query (the detail of another record), the tab follows it.
  return tabs.map((t, i) =>
    i === at ? { ...t, fullPath: entry.fullPath, query: entry.query, title: entry.title, noCache: entry.noCache } : t,
  );
}

/**
 * Where to go after the active tab `closed` went away: the last remaining tab; none left → `/`;
 * from the dashboard, the dashboard again, refreshed (docs/decisions.md "Language and keep-alive (issue 3)").
 */
export function nextAfterClose(remaining: readonly Tab[], closed: Tab): { to: string; replace: boolean } {
  const last = remaining[remaining.length - 1];
  if (last) return { to: last.fullPath, replace: false };
  if (closed.path === DASHBOARD_PATH) return { to: redirectPath(closed.fullPath), replace: true };
  return { to: '/', replace: false };
}

/** The refresh route of a page: /redirect + its full path. */
export function redirectPath(fullPath: string): string {
  return `/redirect${fullPath.startsWith('/') ? fullPath : `/${fullPath}`}`;
}

/**
 * How far to scroll the tab strip so that the tab [left, left+width) is visible with `margin`
 * px to spare on both sides; the current scroll when it already is.
 */
export function scrollToShow(scrollLeft: number, viewWidth: number, left: number, width: number, margin = 4): number {
  if (left - margin < scrollLeft) return Math.max(0, left - margin);
  if (left + width + margin > scrollLeft + viewWidth) return left + width + margin - viewWidth;
  return scrollLeft;
}

/** What the frame does after an action: navigate (replacing or pushing), or nothing. */
export type Navigation = { to: string; replace: boolean } | null;

interface TabsState {
  tabs: Tab[];
  /** Per path, bumped by refresh: a new value remounts the kept-alive page (drops its cache). */
  generation: Record<string, number>;
  visit: (tab: Tab) => void;
  /** Closes `path`; `activePath` is the shown page. */
  close: (path: string, activePath: string) => Navigation;
  closeOthers: (path: string, activePath: string) => Navigation;
  /** Closes the unpinned tabs left (side -1) or right (side 1) of `path`; the shown page among them → `path`. */
  closeSide: (path: string, side: -1 | 1, activePath: string) => Navigation;
  closeAll: (activePath: string) => Navigation;
  /** The way to /redirect + the page's full path; the redirect bumps the generation (renew). */
  refresh: (path: string) => Navigation;
  /** Bumps a page's generation: its kept-alive copy is dropped and the next showing mounts it afresh. */
  renew: (path: string) => void;
  /** Back to just the pinned dashboard (sign-out). */
  reset: () => void;
  /** Closes the tabs of pages the session can no longer open (a menu deleted, a role changed, another user). */
  keepOnly: (opens: (path: string) => boolean) => void;
}

function load(): Tab[] {
  try {
    const raw = globalThis.sessionStorage?.getItem(TABS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (t): t is Tab => !!t && typeof t.path === 'string' && typeof t.fullPath === 'string' && typeof t.title === 'string',
    );
  } catch {
    return [];
  }
}

function save(tabs: readonly Tab[]): void {
  try {
    globalThis.sessionStorage?.setItem(TABS_STORAGE_KEY, JSON.stringify(tabs));
  } catch {
    // storage full or blocked: tabs then last for this page only
  }
}

/** Pinned dashboard first, then the visited pages in order. */
function withDashboard(tabs: readonly Tab[]): Tab[] {
  const dash = tabs.find((t) => t.path === DASHBOARD_PATH);
  const rest = tabs.filter((t) => t.path !== DASHBOARD_PATH);
  return [{ ...dashboardTab(dash?.title ?? ''), ...(dash ? { title: dash.title } : {}) }, ...rest];
}

export function createTabsStore() {
  return create<TabsState>((set, get) => {
    const commit = (tabs: Tab[]) => {
      save(tabs);
      set({ tabs });
    };
    const afterClosing = (remaining: Tab[], closed: Tab | undefined, activePath: string): Navigation => {
      commit(remaining);
      if (!closed || remaining.some((t) => t.path === activePath)) return null;
      return nextAfterClose(remaining, closed);
    };
    return {
      tabs: withDashboard(load()),
      generation: {},
      visit: (tab) => {
        const tabs = withTab(get().tabs, tab);
        if (tabs !== get().tabs) commit(tabs);
      },
      close: (path, activePath) => {
        const closed = get().tabs.find((t) => t.path === path);
        if (!closed) return null;
        return afterClosing(get().tabs.filter((t) => t.path !== path), activePath === path ? closed : undefined, activePath);
      },
      closeOthers: (path, activePath) => {
        const kept = get().tabs.filter((t) => t.affix || t.path === path);
        const active = get().tabs.find((t) => t.path === activePath);
        return afterClosing(kept, active, activePath);
      },
      closeSide: (path, side, activePath) => {
        const tabs = get().tabs;
        const at = tabs.findIndex((t) => t.path === path);
        if (at < 0) return null;
        const kept = tabs.filter((t, i) => t.affix || (side < 0 ? i >= at : i <= at));
        if (kept.length === tabs.length) return null;
        commit(kept);
        return kept.some((t) => t.path === activePath) ? null : { to: tabs[at].fullPath, replace: false };
      },
      closeAll: (activePath) => {
        const kept = get().tabs.filter((t) => t.affix);
        const active = get().tabs.find((t) => t.path === activePath);
        return afterClosing(kept, active, activePath);
      },
      refresh: (path) => {
        const tab = get().tabs.find((t) => t.path === path);
        if (!tab) return null;
        // The generation moves at /redirect (RedirectPage), not here: bumped while the page is
        // still shown, the page mounted afresh at once and again on its way back from /redirect,
        // fetching its list twice (issue 16).
        return { to: redirectPath(tab.fullPath), replace: true };
      },
      renew: (path) => set({ generation: { ...get().generation, [path]: (get().generation[path] ?? 0) + 1 } }),
      reset: () => commit(withDashboard([])),
      keepOnly: (opens) => {
        const kept = get().tabs.filter((t) => t.affix || opens(pathOfTab(t.path)));
        if (kept.length !== get().tabs.length) commit(kept);
      },
    };
  });
}

export const useTabs = createTabsStore();
