import { Navigate, useLocation } from 'react-router';

/**
 * A path no route of this user matches. Reached right after signing in (a `redirect` to a page
 * this user may not open, issue 16) it is /401 (no access); otherwise /404 (no such page).
 */
export function CatchAll() {
  const state = useLocation().state as { fromSignIn?: boolean } | null;
  return <Navigate to={state?.fromSignIn ? '/401' : '/404'} replace />;
}
