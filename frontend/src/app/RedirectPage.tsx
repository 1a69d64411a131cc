import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>: replaces itself with /<path> (the "refresh this page" helper). */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
