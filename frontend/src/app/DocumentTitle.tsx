import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useProductTitle } from '@/shared/lib/brand';
import { useRecordTitles } from '@/shared/lib/look';
import { translate, useLanguage } from '@/shared/lib/i18n';
import type { PageRoute } from './menuRoutes';
import { FIXED_ROUTES } from './fixedRoutes';
import { composeTitle, findTitle } from './title';

/** Keeps document.title at "<route title> - <product title>" (the host's brand or 商城). */
export function DocumentTitle({ pages }: { pages: readonly PageRoute[] }) {
  const { pathname, search } = useLocation();
  const recordTitle = useRecordTitles((s) => s.titles[pathname + search]);
  const language = useLanguage((s) => s.language);
  const productTitle = useProductTitle();

  useEffect(() => {
    const entries = [
      ...FIXED_ROUTES.map((route) => ({ path: route.path, title: translate(language, route.titleKey) })),
      ...pages,
    ];
    document.title = composeTitle(recordTitle ?? findTitle(pathname, entries), productTitle);
  }, [pathname, pages, language, productTitle, recordTitle]);

  return null;
}
