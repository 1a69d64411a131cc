import { LOOK_LISTS, LOOK_TYPES, type LookType } from '@/shared/lib/look';
import type { PageRoute } from '@/app/menuRoutes';

/**
 * Pages outside the sidebar that belong to a list: the component key of the list they light
 * (the workflow's detail pages are opened from 我的审批, the flow designer from 表单管理).
 */
const OWNERS: Array<{ path: string | RegExp; list: string }> = [
  { path: '/flowDetail', list: 'workflow/tasks/index' },
  { path: '/batchDetail', list: 'workflow/tasks/index' },
  { path: /^\/flowDesign\/[^/]+$/, list: 'workflow/formDesign/index' },
];

function listPath(pages: readonly PageRoute[], componentKey: string): string | undefined {
  return pages.find((p) => p.componentKey === componentKey && !p.hidden)?.path;
}

/**
 * The sidebar entry to light for the shown page (seed-spec §3 "activeMenu"): a menu's own
 * activeMenu; for /look the list its record type comes from; for the workflow's detail pages
 * their list; otherwise the page itself. A list the user cannot open lights nothing extra.
 */
export function activeMenuPath(pathname: string, search: string, pages: readonly PageRoute[]): string {
  const page = pages.find((p) => p.path === pathname);
  if (page?.activeMenu) return page.activeMenu;
  if (pathname === '/look') {
    const type = new URLSearchParams(search).get('type') ?? '';
    if ((LOOK_TYPES as readonly string[]).includes(type)) return listPath(pages, LOOK_LISTS[type as LookType]) ?? pathname;
    return pathname;
  }
  const owner = OWNERS.find((o) => (typeof o.path === 'string' ? o.path === pathname : o.path.test(pathname)));
  return (owner && listPath(pages, owner.list)) ?? pathname;
}
