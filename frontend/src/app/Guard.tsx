import { Navigate, Outlet, useLocation } from 'react-router';
import { useEffect, useRef } from 'react';
import { getRuntime, PRODUCT_BASE_PATH } from '@/shared/lib/runtime';
import { PageSpinner } from '@/shared/ui/PageSpinner';
import { useSession } from '@/features/auth';
import { decideGuard } from './guards';
import { whenIdle } from '@/shared/lib/chunk';

/** Runs the sign-in check on every navigation; see decideGuard for the rules. */
export function Guard() {
  const location = useLocation();
  const hasToken = useSession((s) => Boolean(s.token));
  const rolesLoaded = useSession((s) => s.roles.length > 0);
  const loadMenus = useSession((s) => s.loadMenus);
  const menusPending = useSession((s) => s.menusPending);
  const portalWaits = useSession((s) => !s.portalTried || s.portalPending);
  const getAssertion = getRuntime().getAssertion;

  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    hasToken,
    rolesLoaded,
    loadMenus,
    embedded: getRuntime().embedded,
    hostPath: window.location.pathname,
    basePath: PRODUCT_BASE_PATH,
    portalSignIn: Boolean(getAssertion) && portalWaits,
  });

  useEffect(() => {
    if (decision.type === 'loadInfo') void useSession.getState().restore();
    else if (decision.type === 'loadMenus') void useSession.getState().refreshMenus();
    else if (decision.type === 'portalSignIn' && getAssertion) void useSession.getState().portalLogin(getAssertion);
  }, [decision.type, getAssertion]);

  // Menu and role changes made meanwhile show on the next navigation (not on the first page),
  // asked for once the page opened has drawn and sent its own requests (issue 16: they went out
  // beside 用户管理's list request and held its first open).
  const seen = useRef(location.pathname);
  useEffect(() => {
    if (seen.current === location.pathname) return;
    seen.current = location.pathname;
    if (decision.type === 'allow') return whenIdle(() => void useSession.getState().syncMenus());
  }, [location.pathname, decision.type]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  // Dynamic routes are unknown until info and menus arrived: wait rather than show 404.
  if (decision.type !== 'allow' || (hasToken && menusPending)) return <PageSpinner />;
  return <Outlet />;
}
