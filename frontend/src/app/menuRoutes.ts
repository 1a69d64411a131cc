import type { MenuNode } from '@/features/auth';

/** Component keys that mean "directory", not a page (docs/api.md). */
export const LAYOUT_KEY = 'Layout';
export const PARENT_VIEW_KEY = 'ParentView';
const NO_REDIRECT = new Set(['noredirect', 'noRedirect', '']);

/** A page the router renders inside the frame. */
export interface PageRoute {
  path: string;
  title: string;
  componentKey: string;
  hidden: boolean;
  noCache: boolean;
  activeMenu?: string;
  /** The page shows its breadcrumb (a menu's meta breadcrumb: false hides it). */
  breadcrumb: boolean;
  /** The menu's route name (eladmin's `name`), carried by the page's tab. */
  name?: string;
}

/** A directory path that forwards to its redirect or first page. */
export interface RedirectRoute {
  path: string;
  to: string;
}

/** One sidebar entry (ProLayout menu data). */
export interface SidebarItem {
  path: string;
  name: string;
  icon?: string;
  external?: boolean;
  children?: SidebarItem[];
}

export interface RouteTable {
  pages: PageRoute[];
  redirects: RedirectRoute[];
  sidebar: SidebarItem[];
}

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** Absolute path of `path` under `base`; absolute and external paths stand as they are. */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path)) return path;
  const joined = path.startsWith('/') ? path : `${base}/${path}`;
  const clean = joined.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return clean === '' ? '/' : clean.startsWith('/') ? clean : `/${clean}`;
}

function isDirectory(node: MenuNode): boolean {
  const key = node.component ?? '';
  return key === LAYOUT_KEY || key === PARENT_VIEW_KEY || (node.children?.length ?? 0) > 0;
}

function titleOf(node: MenuNode): string {
  return node.meta?.title || node.name || node.path;
}

function iconOf(node: MenuNode): string | undefined {
  return node.meta?.icon || undefined;
}

interface Walked {
  pages: PageRoute[];
  redirects: RedirectRoute[];
  sidebar: SidebarItem[];
  /** First page below, visible ones preferred (for directory redirects). */
  firstPage?: string;
  firstVisiblePage?: string;
}

function walk(nodes: MenuNode[], base: string, parentHidden: boolean): Walked {
  const out: Walked = { pages: [], redirects: [], sidebar: [] };
  for (const node of nodes) {
    if (!node || typeof node.path !== 'string') continue;
    const path = resolvePath(base, node.path);
    const hidden = parentHidden || node.hidden === true;
    const title = titleOf(node);

    if (isExternal(path)) {
      // The BFF wraps a top-level link as eladmin wraps top pages (Layout, the link inside it
      // with the title): the entry takes the inner link's title and icon.
      const own = node.meta?.title ? node : (node.children?.find((c) => c?.meta?.title) ?? node);
      if (!hidden) out.sidebar.push({ path, name: titleOf(own), icon: iconOf(own), external: true });
      continue;
    }

    if (isDirectory(node)) {
      const inner = walk(node.children ?? [], path, hidden);
      out.pages.push(...inner.pages);
      out.redirects.push(...inner.redirects);
      const explicit = node.redirect ?? '';
      const target = NO_REDIRECT.has(explicit)
        ? (inner.firstVisiblePage ?? inner.firstPage)
        : resolvePath(path, explicit);
      if (target && target !== path) out.redirects.push({ path, to: target });
      out.firstPage ??= inner.firstPage;
      if (!hidden) out.firstVisiblePage ??= inner.firstVisiblePage;

      if (!hidden) {
        const children = inner.sidebar;
        if (children.length === 1 && !node.alwaysShow && !children[0].children) {
          // eladmin's sidebar shows a lone child in its directory's place
          out.sidebar.push({ ...children[0], icon: children[0].icon ?? iconOf(node) });
        } else if (children.length > 0 || node.alwaysShow) {
          out.sidebar.push({ path, name: title, icon: iconOf(node), children });
        }
      }
      continue;
    }

    out.pages.push({
      path,
      title,
      componentKey: node.component ?? '',
      hidden,
      noCache: node.meta?.noCache === true,
      activeMenu: node.meta?.activeMenu || undefined,
      breadcrumb: node.meta?.breadcrumb !== false,
      ...(node.name ? { name: node.name } : {}),
    });
    out.firstPage ??= path;
    if (!hidden) {
      out.firstVisiblePage ??= path;
      out.sidebar.push({ path, name: title, icon: iconOf(node) });
    }
  }
  return out;
}

/** Turn the GET /api/menus/build tree into page routes, directory redirects and sidebar items. */
export function mapMenuTree(tree: MenuNode[] | null | undefined): RouteTable {
  const walked = walk(Array.isArray(tree) ? tree : [], '', false);
  const seen = new Set<string>();
  const pages = walked.pages.filter((p) => (seen.has(p.path) ? false : (seen.add(p.path), true)));
  const redirects = walked.redirects.filter((r) => !seen.has(r.path) && (seen.add(r.path), true));
  return { pages, redirects, sidebar: walked.sidebar };
}
