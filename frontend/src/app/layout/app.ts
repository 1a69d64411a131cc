import { create } from 'zustand';
import { COOKIE_SIDEBAR, COOKIE_SIZE, readCookie, writeCookie } from '@/shared/lib/cookies';

/** Body width under which the device counts as mobile (docs/decisions.md "Workspace look"). */
export const MOBILE_BREAKPOINT = 992;
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

/**
 * The spec's four sizes onto antd's three: default → large (40 px controls), medium → middle
 * (32 px), small → small (24 px); mini is antd's small made smaller still by sizeTokens.
 */
export function antdSize(size: Size): 'large' | 'middle' | 'small' {
  if (size === 'default') return 'large';
  if (size === 'medium') return 'middle';
  return 'small';
}

/**
 * Token overrides of a size. Mini, as in eladmin's element-ui (28 px beside small's 32 px), is
 * one step below small: 20 px controls and 12 px text, so the whole console gets denser.
 */
export function sizeTokens(size: Size): { controlHeightSM?: number; fontSize?: number } {
  return size === 'mini' ? { controlHeightSM: 20, fontSize: 12 } : {};
}

interface AppState {
  sidebarOpened: boolean;
  /** The last open/close was the mobile one, which happens at once (docs/decisions.md "Workspace look"). */
  withoutAnimation: boolean;
  device: Device;
  size: Size;
  toggleSidebar: () => void;
  setSidebar: (opened: boolean, withoutAnimation?: boolean) => void;
  setDevice: (device: Device) => void;
  setSize: (size: Size) => void;
}

function readSize(): Size {
  const saved = readCookie(COOKIE_SIZE);
  return (SIZES as readonly string[]).includes(saved ?? '') ? (saved as Size) : 'small';
}

export const useAppStore = create<AppState>((set, get) => ({
  // Sidebar open unless the cookie says 0 (default open).
  sidebarOpened: readCookie(COOKIE_SIDEBAR) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  size: readSize(),
  toggleSidebar: () => get().setSidebar(!get().sidebarOpened),
  setSidebar: (opened, withoutAnimation = false) => {
    writeCookie(COOKIE_SIDEBAR, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    writeCookie(COOKIE_SIZE, size);
    set({ size });
  },
}));
