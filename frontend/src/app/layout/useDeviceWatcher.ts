import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT, useAppStore } from './app';

/**
 * Desktop or mobile from the body width (under 992px is mobile, docs/decisions.md "Workspace look"); on mobile the
 * sidebar closes without animation, and again after each navigation; growing back to desktop opens it again. The resize listener goes with the frame.
 */
export function useDeviceWatcher(): void {
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);
  const desktopOpened = useRef(true);

  useEffect(() => {
    const check = () => {
      // A body without layout (0: not rendered yet, or no layout engine) says nothing: the window does.
      const width = document.body.getBoundingClientRect().width || window.innerWidth;
      const mobile = width < MOBILE_BREAKPOINT;
      const store = useAppStore.getState();
      const wasMobile = store.device === 'mobile';
      // the desktop's choice, kept while the window is narrow (open when it was never desktop)
      if (mobile && !wasMobile) desktopOpened.current = store.sidebarOpened;
      store.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && store.sidebarOpened) store.setSidebar(false, true);
      // Back past the breakpoint the sidebar is as it was on the desktop (issue 16): the one the
      // narrow window closed opens again, one closed by hand before stays closed.
      else if (!mobile && wasMobile && store.sidebarOpened !== desktopOpened.current) store.setSidebar(desktopOpened.current, true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebarOpened) useAppStore.getState().setSidebar(false, true);
  }, [pathname, device]);
}
