import type { SidebarItem } from '@/app/menuRoutes';

export interface Crumb {
  title: string;
  /** A page to go to; none for directories and the shown page. */
  to?: string;
}

/** Titles from the sidebar root down to `path`, or undefined when the sidebar has no such page. */
function chain(items: readonly SidebarItem[], path: string): SidebarItem[] | undefined {
  for (const item of items) {
    if (item.path === path) return [item];
    const below = item.children && chain(item.children, path);
    if (below) return [item, ...below];
  }
  return undefined;
}

/**
 * The breadcrumb of `path` (docs/decisions.md "Language and keep-alive (issue 3)"): 首页 first unless the page is the dashboard, then the
 * sidebar directories down to the page; a page outside the sidebar shows its own title. The page's
 * own crumb is `pageTitle` when given, the very title its tab shows (issue 16: they agree).
 */
export function crumbsFor(
  path: string,
  sidebar: readonly SidebarItem[],
  opts: { home: string; dashboardTitle: string; dashboardPath: string; pageTitle?: string },
): Crumb[] {
  if (path === opts.dashboardPath) return [{ title: opts.dashboardTitle }];
  const found = chain(sidebar, path);
  const tail: Crumb[] = found
    ? found.map((item, i) => ({ title: i === found.length - 1 ? (opts.pageTitle ?? item.name) : item.name }))
    : opts.pageTitle
      ? [{ title: opts.pageTitle }]
      : [];
  return [{ title: opts.home, to: opts.dashboardPath }, ...tail];
}
