import { useEffect } from 'react';
import { create } from 'zustand';
import { http } from '@/shared/api';
import { useT } from '@/shared/lib/i18n';

/** GET /api/app/config: the brand title of a host, null for a host without one. */
export function fetchAppConfig(host: string): Promise<{ title: string | null }> {
  return http.get<{ title: string | null }>('/api/app/config', { params: { host }, silent: true });
}

interface BrandState {
  /** The deployment host's brand title (BFF_BRAND_TITLES); null: the generic 商城 / Mall. */
  title: string | null;
  setTitle: (title: string | null) => void;
}

export const useBrand = create<BrandState>((set) => ({
  title: null,
  setTitle: (title) => set({ title }),
}));

/**
 * Asks the BFF once per mount for the title of the page's host. Embedded, that is the portal's
 * host (location is the host page's), not the BFF's: a brand follows the address people open.
 */
export function useBrandLoader(): void {
  const setTitle = useBrand((s) => s.setTitle);
  useEffect(() => {
    let live = true;
    fetchAppConfig(window.location.hostname).then(
      (config) => live && setTitle(typeof config?.title === 'string' && config.title ? config.title : null),
      () => undefined, // no brand: the generic title stays
    );
    return () => {
      live = false;
    };
  }, [setTitle]);
}

/** The product title: the host's brand, else 商城 (en-US: Mall). */
export function useProductTitle(): string {
  const t = useT();
  const brand = useBrand((s) => s.title);
  return brand ?? t('app.title.generic');
}
