import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT, useAppStore } from './app';

/**
 * Desktop or mobile from the body width (under 992px is mobile, docs/decisions.md "Workspace look"); on mobile the
 * sidebar closes without animation, and again after each navigation. The resize listener goes with the frame.
 */
export function useDeviceWatcher(): void {
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);

  useEffect(() => {
    const check = () => {
      // A body without layout (0: not rendered yet, or no layout engine) says nothing: the window does.
      const width = document.body.getBoundingClientRect().width || window.innerWidth;
      const mobile = width < MOBILE_BREAKPOINT;
      const store = useAppStore.getState();
      store.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && store.sidebarOpened) store.setSidebar(false, true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebarOpened) useAppStore.getState().setSidebar(false, true);
  }, [pathname, device]);
}
