import { matchPath } from 'react-router';
import { translate, type Language } from '@/shared/lib/i18n';
import { FIXED_ROUTES } from './fixedRoutes';

export interface TitledPath {
  path: string;
  title: string;
}

/** document.title: route title, then the product title (docs/decisions.md "Language and keep-alive (issue 3)"). */
export function composeTitle(routeTitle: string | undefined, productTitle: string): string {
  return routeTitle ? `${routeTitle} - ${productTitle}` : productTitle;
}

/** Title of the first entry whose pattern matches the path. */
export function findTitle(pathname: string, entries: readonly TitledPath[]): string | undefined {
  return entries.find((entry) => matchPath({ path: entry.path, end: true }, pathname))?.title;
}

/**
 * Every page's title in `language`, for the tab strip, the breadcrumb's last crumb and
 * document.title alike (issue 16: they agree): the menu pages' (already in `language`, see
 * menuTitles.ts) before the fixed routes', so a fixed route a menu points at (表单管理 →
 * /formDesign) is titled as its menu says in the sidebar.
 */
export function pageTitles(language: Language, pages: readonly TitledPath[]): TitledPath[] {
  return [...pages, ...FIXED_ROUTES.map((route) => ({ path: route.path, title: translate(language, route.titleKey) }))];
}
