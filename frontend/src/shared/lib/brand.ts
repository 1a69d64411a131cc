import { useEffect } from 'react';
import { create } from 'zustand';
import { http } from '@/shared/api';
import type { AppConfig } from '@/shared/api/contract';
import { useT } from '@/shared/lib/i18n';

export type { AppConfig };

/** GET /api/app/config: the product title of a host (null: none) and the page footer. */
export function fetchAppConfig(host: string): Promise<AppConfig> {
  return http.get<AppConfig>('/api/app/config', { params: { host }, silent: true });
}

interface BrandState {
  /** The deployment host's brand title (BFF_BRAND_TITLES), else the shop name; null: the generic 商城 / Mall. */
  title: string | null;
  /** The footer's text and ICP filing number (BFF_FOOTER_TEXT, BFF_CASE_NUMBER); empty: not shown. */
  footerText: string;
  caseNumber: string;
  setTitle: (title: string | null) => void;
  setConfig: (config: Partial<AppConfig>) => void;
}

export const useBrand = create<BrandState>((set) => ({
  title: null,
  footerText: '',
  caseNumber: '',
  setTitle: (title) => set({ title }),
  setConfig: (config) =>
    set({
      title: typeof config.title === 'string' && config.title ? config.title : null,
      footerText: typeof config.footerText === 'string' ? config.footerText : '',
      caseNumber: typeof config.caseNumber === 'string' ? config.caseNumber : '',
    }),
}));

/**
 * Asks the BFF again for the page's host (after /init named the shop, which is the product
 * title wherever no host brand is configured): the title follows without a reload.
 */
export function reloadBrand(): Promise<void> {
  return fetchAppConfig(window.location.hostname).then(
    (config) => (config ? useBrand.getState().setConfig(config) : undefined),
    () => undefined, // the title stays as it was
  );
}

/**
 * Asks the BFF once per mount for the title of the page's host. Embedded, that is the portal's
 * host (location is the host page's), not the BFF's: a brand follows the address people open.
 */
export function useBrandLoader(): void {
  const setConfig = useBrand((s) => s.setConfig);
  useEffect(() => {
    let live = true;
    fetchAppConfig(window.location.hostname).then(
      (config) => live && config && setConfig(config),
      () => undefined, // no brand: the generic title stays
    );
    return () => {
      live = false;
    };
  }, [setConfig]);
}

/** The product title: the host's brand, else 商城 (en-US: Mall). */
export function useProductTitle(): string {
  const t = useT();
  const brand = useBrand((s) => s.title);
  return brand ?? t('app.title.generic');
}
