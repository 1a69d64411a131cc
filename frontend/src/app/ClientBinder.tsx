import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App } from 'antd';
import { bindClient } from '@/shared/api';
import { useSession } from '@/features/auth';

interface AfterNavigation {
  path: string;
  run: () => void;
}

/**
 * Lends the request client the app's navigate, confirm and notification while mounted.
 * antd's hook APIs (App.useApp) render inside the app's container; the static ones would not.
 */
export function ClientBinder() {
  const { modal, notification } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigateRef = useRef(navigate);
  const pathnameRef = useRef(pathname);
  const afterNavigation = useRef<AfterNavigation | null>(null);

  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  // Router navigations are transitions (they wait for lazy pages): run the follow-up once the
  // router actually shows the new path.
  useEffect(() => {
    pathnameRef.current = pathname;
    const pending = afterNavigation.current;
    if (pending && pending.path === pathname) {
      afterNavigation.current = null;
      pending.run();
    }
  }, [pathname]);

  useEffect(
    () =>
      bindClient({
        navigate: (to, afterwards) => {
          if (afterwards && pathnameRef.current === to) afterwards();
          else if (afterwards) afterNavigation.current = { path: to, run: afterwards };
          navigateRef.current(to);
        },
        confirm: (options) => {
          modal.confirm({
            title: options.title,
            content: options.content,
            okText: options.okText,
            cancelText: options.cancelText,
            onOk: options.onOk,
            afterClose: options.onClose,
          });
        },
        notifyError: (message, duration) => {
          notification.error({ message, duration });
        },
        dismissErrors: () => notification.destroy(),
        logout: () => useSession.getState().logout(),
        resetSession: () => useSession.getState().reset(),
        reload: () => window.location.reload(),
      }),
    [modal, notification],
  );
  return null;
}
