/**
 * The box the app fills. Standalone it is the window (100vh). Embedded it is the host's
 * container at whatever height the host gave it, never the window's: a host with its own header
 * above the container would otherwise scroll by that header's height. The qiankun wrapper and
 * #root take the container's min-height (`inherit`, e.g. the portal's calc(100vh - 52px)) or
 * its definite height (100%); #root stacks the page (frame or sign-in page) as a column that
 * grows into that box (the page's root element says `flex: 1 0 auto`).
 *
 * Returns the undo, for unmount: the elements get back the style attribute they had.
 */
export function fillBox(host: HTMLElement, container: HTMLElement | null): () => void {
  const column = { display: 'flex', flexDirection: 'column' };
  if (!container) return restyle(host, { minHeight: '100vh', ...column });
  const undoContainer = restyle(container, { minHeight: 'inherit', height: '100%' });
  const undoHost = restyle(host, { minHeight: 'inherit', height: '100%', ...column });
  return () => {
    undoHost();
    undoContainer();
  };
}

type BoxStyle = Partial<Record<'minHeight' | 'height' | 'display' | 'flexDirection', string>>;

function restyle(element: HTMLElement, style: BoxStyle): () => void {
  const before = element.getAttribute('style');
  Object.assign(element.style, style);
  return () => {
    if (before === null) element.removeAttribute('style');
    else element.setAttribute('style', before);
  };
}

/** The frame's header height in px (app/layout/Frame.tsx). */
export const HEADER_HEIGHT = 56;

/**
 * Where the app's toasts (messages, and the one notification: the upload limit) start: below the
 * frame's header, so they never cover its controls. Embedded, the header sits below the host's
 * own bar, so the container's place on the page comes first (issue 33: inside the portal the
 * toasts covered the host's navigation). The host page does not scroll (see fillBox), so the
 * container's top is where it stays.
 */
export function toastTop(container: HTMLElement | null): number {
  const offset = container ? Math.max(0, Math.round(container.getBoundingClientRect().top)) : 0;
  return offset + HEADER_HEIGHT + 8;
}
