import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useProductTitle } from '@/shared/lib/brand';
import { useRecordTitles } from '@/shared/lib/look';
import { useLanguage } from '@/shared/lib/i18n';
import type { PageRoute } from './menuRoutes';
import { composeTitle, findTitle, pageTitles } from './title';

/** Keeps document.title at "<route title> - <product title>" (the host's brand or 商城). */
export function DocumentTitle({ pages }: { pages: readonly PageRoute[] }) {
  const { pathname, search } = useLocation();
  const recordTitle = useRecordTitles((s) => s.titles[pathname + search]);
  const language = useLanguage((s) => s.language);
  const productTitle = useProductTitle();

  useEffect(() => {
    document.title = composeTitle(recordTitle ?? findTitle(pathname, pageTitles(language, pages)), productTitle);
  }, [pathname, pages, language, productTitle, recordTitle]);

  return null;
}
