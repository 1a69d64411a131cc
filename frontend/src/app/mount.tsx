import { createRoot } from 'react-dom/client';
import { createCache } from '@ant-design/cssinjs';
import { client, expectBindings } from '@/shared/api';
import { getRuntime, resetRuntime, resolveApiBase, resolveAssertion, resolveBasename, setRuntime } from '@/shared/lib/runtime';
import { useSession } from '@/features/auth';
import { AppRoot } from './AppRoot';
import { fillBox } from './box';
import { removeLibraryGlobals } from './preflight';
import { shareUnread } from './hostState';
import { bootSignedIn, openingPath } from './boot';

export interface MountOptions {
  embedded: boolean;
  /** The host's container (embedded); ignored standalone. */
  container?: HTMLElement | null;
  /** import.meta.url of the entry module: the API base defaults to its origin. */
  moduleUrl: string;
  /** qiankun props: apiBase and routerBase may override the defaults. */
  props?: Record<string, unknown>;
}

export interface MountedApp {
  update: (props: Record<string, unknown>) => void;
  unmount: () => void;
}

/** Styles antd's CSS-in-JS (through rc-util) writes into the container. */
const INJECTED_STYLES = 'style[data-css-hash], style[data-rc-order]';

/**
 * Vite's preload helper adds <link rel="modulepreload"> for lazy chunks to document.head. In a
 * host page those are the host's head, so they go at unmount (the modules stay in the browser's
 * module map; a remount does not need them).
 */
export function removeModulePreloads(assetsBase: string): void {
  if (!assetsBase) return;
  document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]').forEach((link) => {
    if (link.href.startsWith(assetsBase)) link.remove();
  });
}

/**
 * @ant-design/icons writes one shared style into document.head (it only follows shadow roots,
 * not StyleProvider). Removed at unmount when this mount created it; the next icon to render
 * writes it again.
 */
const ICON_STYLE = 'style[rc-util-key="@ant-design-icons"]';

function assetsBaseOf(moduleUrl: string): string {
  try {
    return new URL('./', moduleUrl).href;
  } catch {
    return '';
  }
}

/**
 * Render the app. Embedded, everything it adds lives in the host's container and unmount takes
 * all of it away again: the React tree (with its listeners and timers), the styles, requests in
 * flight, the module preload links, the document title it changed and its in-memory session.
 */
export function mountApp(options: MountOptions): MountedApp {
  const props = options.props ?? {};
  const container = options.embedded ? (options.container ?? null) : null;
  let host = (container ?? document).querySelector<HTMLElement>('#root');
  const ownHost = !host;
  if (!host) {
    host = document.createElement('div');
    host.id = 'root';
    (container ?? document.body).appendChild(host);
  }

  setRuntime({
    embedded: options.embedded,
    container,
    basename: resolveBasename(options.embedded, props.routerBase),
    apiBase: resolveApiBase(options.moduleUrl, props.apiBase),
    getAssertion: options.embedded ? resolveAssertion(props.getAssertion) : undefined,
  });
  const unfillBox = fillBox(host, container);
  const titleBefore = document.title;
  const iconStyleBefore = document.head.querySelector(ICON_STYLE);
  expectBindings(true);
  const stopSharing = options.embedded ? shareUnread(props) : () => undefined;
  const unboot = bootSignedIn(openingPath(window.location.pathname, getRuntime().basename));
  const root = createRoot(host);
  root.render(
    <AppRoot basename={getRuntime().basename} container={container} styleCache={createCache()} />,
  );

  return {
    update: (next) => {
      setRuntime({ ...getRuntime(), apiBase: resolveApiBase(options.moduleUrl, next.apiBase) });
    },
    unmount: () => {
      // before the tree goes (and the store empties): the host keeps the last count it was told
      stopSharing();
      unboot();
      client.abortAll();
      root.unmount();
      unfillBox();
      expectBindings(false);
      if (container) container.querySelectorAll(INJECTED_STYLES).forEach((node) => node.remove());
      if (ownHost) host.remove();
      if (options.embedded) {
        document.title = titleBefore;
        removeModulePreloads(assetsBaseOf(options.moduleUrl));
        if (!iconStyleBefore) document.head.querySelector(ICON_STYLE)?.remove();
        removeLibraryGlobals();
      }
      useSession.getState().reset();
      resetRuntime();
    },
  };
}
