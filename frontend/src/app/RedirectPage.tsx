import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTabs } from './layout/tabs';

/**
 * /redirect/<path>: drops the page's kept-alive copy (a new generation) and replaces itself with
 * /<path> (the "refresh this page" helper). The page is not shown here, so it mounts once, on
 * the way back.
 */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const path = `/${params['*'] ?? ''}`;
  useEffect(() => {
    useTabs.getState().renew(path);
    void navigate(`${path}${search}`, { replace: true });
  }, [navigate, path, search]);
  return null;
}
