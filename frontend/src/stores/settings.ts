import { create } from 'zustand';

/** The layout settings of the 布局设置 drawer (seed-spec §2, §9). */
export interface LayoutSettings {
  /** Show the visited-page tabs. */
  tagsView: boolean;
  fixedHeader: boolean;
  /** Show the logo beside the title. */
  sidebarLogo: boolean;
  /** Opening a menu directory closes the others. */
  uniqueOpened: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
};
/** Settings persist (seed-spec §2): this local storage entry. */
export const SETTINGS_STORAGE_KEY = 'mall-layout-settings';

function load(): LayoutSettings {
  try {
    const raw = globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY);
    const saved: unknown = raw ? JSON.parse(raw) : {};
    const out = { ...DEFAULT_SETTINGS };
    if (saved && typeof saved === 'object') {
      for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
        const value = (saved as Record<string, unknown>)[key];
        if (typeof value === 'boolean') out[key] = value;
      }
    }
    return out;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

interface SettingsState extends LayoutSettings {
  change: <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => void;
}

export function createSettingsStore() {
  return create<SettingsState>((set, get) => ({
    ...load(),
    change: (key, value) => {
      set({ [key]: value } as Partial<LayoutSettings>);
      const { change: _change, ...settings } = get();
      try {
        globalThis.localStorage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
      } catch {
        // storage blocked: the change holds for this page only
      }
    },
  }));
}

export const useSettings = createSettingsStore();
