import type { createCache } from '@ant-design/cssinjs';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { useBrandLoader } from '@/shared/lib/brand';
import { AppRoutes } from './AppRoutes';

const Feedback = lazy(() => import('./Feedback'));
import { Providers } from './providers';

export interface AppRootProps {
  basename: string;
  container: HTMLElement | null;
  styleCache: ReturnType<typeof createCache>;
}

export function AppRoot({ basename, container, styleCache }: AppRootProps) {
  useBrandLoader();
  return (
    <Providers container={container} styleCache={styleCache}>
      <BrowserRouter basename={basename || undefined}>
        <Suspense fallback={null}>
          <Feedback />
        </Suspense>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
