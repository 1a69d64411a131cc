import { matchPath } from 'react-router';

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
