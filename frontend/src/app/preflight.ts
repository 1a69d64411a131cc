/**
 * Imported first by main.tsx, so this runs before any library module is evaluated: it notes
 * which library globals the page had before this app came. react-router marks the page with
 * window.__reactRouterVersion when its module loads; unmount removes the mark only if it is ours.
 */
const ROUTER_MARK = '__reactRouterVersion';
const routerMarkBefore = typeof window !== 'undefined' && ROUTER_MARK in window;

export function removeLibraryGlobals(): void {
  if (!routerMarkBefore && typeof window !== 'undefined') {
    delete (window as unknown as Record<string, unknown>)[ROUTER_MARK];
  }
}
