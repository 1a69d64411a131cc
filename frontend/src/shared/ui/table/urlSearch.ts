import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import { pickerRange } from './logic';

/**
 * A list's search as a URL query: text and numbers as they are, each date range (the form's
 * field) as its two days under the API's names (createDate → startTime, endTime), so that
 * rangeFromQuery and the pages' *FromQuery read it back. Empty values are left out.
 */
export function searchQuery(values: Record<string, unknown>, ranges: Record<string, [string, string]>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [name, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    const bounds = ranges[name];
    if (bounds) {
      const days = pickerRange(v);
      if (days) days.forEach((d, i) => q.set(bounds[i], d.format('YYYY-MM-DD')));
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      const text = String(v).trim();
      if (text) q.set(name, text);
    }
  }
  return q;
}

/**
 * Keeps a list's search in the URL (docs/decisions.md "List filters in the URL"): write puts the
 * search shown into the query (replacing the entry; push: a new entry, for a tab), and a query the
 * page did not write itself (back, forward, a link followed to the kept-alive page) is handed to
 * apply, which sets the filters to it.
 */
export function useUrlSearch(apply: (q: URLSearchParams) => void) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const shown = useRef(location.search);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (shown.current === location.search) return;
    // The page's bare path opened anew (its sidebar entry, a tab's link) while it is kept with a
    // search: a return visit. The page stays as it was, rows and all, and the address gets its
    // query back; resetting the filters made every return to a filtered 订单管理 ask for its
    // rows and counts again (issue 33). Back and forward (POP) to a bare entry still reset.
    if (location.search === '' && navigationType !== NavigationType.Pop) {
      void navigate({ pathname: location.pathname, search: shown.current }, { replace: true });
      return;
    }
    shown.current = location.search;
    applyRef.current(new URLSearchParams(location.search));
  }, [location.search, location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per location
  return (q: URLSearchParams, push = false) => {
    const search = q.size ? `?${q}` : '';
    if (search === shown.current) return;
    shown.current = search;
    void navigate({ pathname: location.pathname, search }, { replace: !push });
  };
}
