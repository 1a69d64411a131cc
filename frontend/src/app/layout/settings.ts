import { create } from 'zustand';

/** Theme colour (docs/decisions.md "Workspace look"): the default swatch. */
export const PRIMARY_COLOR = '#2F6EFF';

/** The theme colour swatches of the settings drawer: the default first, then eladmin's presets. */
export const THEME_SWATCHES = [
  PRIMARY_COLOR,
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The layout settings of the 布局设置 drawer (docs/decisions.md "Workspace look"). */
export interface LayoutSettings {
  /** Theme colour: antd's colorPrimary and the frame's accents. */
  theme: string;
  /** Dark mode: antd's dark algorithm over the whole frame. */
  dark: boolean;
  /** Show the visited-page tabs. */
  tagsView: boolean;
  fixedHeader: boolean;
  /** Show the logo beside the title. */
  sidebarLogo: boolean;
  /** Opening a menu directory closes the others. */
  uniqueOpened: boolean;
  /** Show the page footer (its text and filing number come from the BFF's configuration). */
  showFooter: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: PRIMARY_COLOR,
  dark: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: true,
};
/** Settings persist (docs/decisions.md "Workspace look"): this local storage entry. */
export const SETTINGS_STORAGE_KEY = 'mall-layout-settings';

/** A saved value is taken only when it has the default's type (and a colour is #rrggbb). */
function valid(key: keyof LayoutSettings, value: unknown): boolean {
  if (typeof value !== typeof DEFAULT_SETTINGS[key]) return false;
  return key !== 'theme' || HEX_COLOR.test(value as string);
}

function load(): LayoutSettings {
  try {
    const raw = globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY);
    const saved: unknown = raw ? JSON.parse(raw) : {};
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    if (saved && typeof saved === 'object') {
      for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
        const value = (saved as Record<string, unknown>)[key];
        if (valid(key, value)) out[key] = value;
      }
    }
    return out as unknown as LayoutSettings;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

interface SettingsState extends LayoutSettings {
  /** An invalid value (a colour not #rrggbb) is refused: false. */
  change: <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => boolean;
}

export function createSettingsStore() {
  return create<SettingsState>((set, get) => ({
    ...load(),
    change: (key, value) => {
      if (!valid(key, value)) return false;
      set({ [key]: value } as Partial<LayoutSettings>);
      const { change: _change, ...settings } = get();
      try {
        globalThis.localStorage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
      } catch {
        // storage blocked: the change holds for this page only
      }
      return true;
    },
  }));
}

export const useSettings = createSettingsStore();
