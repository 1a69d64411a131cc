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
 * Lends the request client the app's navigate, confirm and messages while mounted.
 * antd's hook APIs (App.useApp) render inside the app's container; the static ones would not.
 */
export function ClientBinder() {
  const { modal, message } = App.useApp();
  // the errors on screen, so a good sign-in takes them away and leaves other messages
  const errorNo = useRef(0);
  const errorKeys = useRef(new Set<string>());
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
        // Errors are messages, like every result a page tells (保存成功, 删除成功): one place on
        // the screen, top centre. A notification is kept for the upload limit's notice, which
        // stays until closed (issue 33).
        notifyError: (content, duration) => {
          const key = `request-error-${++errorNo.current}`;
          errorKeys.current.add(key);
          void message.error({ key, content, duration, onClose: () => errorKeys.current.delete(key) });
        },
        dismissErrors: () => {
          for (const key of errorKeys.current) message.destroy(key);
          errorKeys.current.clear();
        },
        logout: () => useSession.getState().logout(),
        resetSession: () => useSession.getState().reset(),
        reload: () => window.location.reload(),
      }),
    [modal, message],
  );
  return null;
}
