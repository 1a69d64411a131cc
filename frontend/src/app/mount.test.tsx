import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { client, http } from '@/shared/api';
import { getRuntime } from '@/shared/lib/runtime';
import { removeToken, setToken } from '@/shared/lib/token';
import { useSession } from '@/features/auth';
import { adminInfo, adminMenus, fakeBff } from '@/test/fakeBff';
import { mountApp, removeModulePreloads } from './mount';
import { outliveMenuTooltipTimers } from '@/test/layoutTimers';

outliveMenuTooltipTimers();

type Target = Window | Document;
type Entry = { target: string; type: string; listener: unknown; capture: boolean };

/** Records addEventListener/removeEventListener on window and document; lists what is still attached. */
function trackListeners() {
  const live: Entry[] = [];
  const restore: Array<() => void> = [];
  for (const [name, target] of [
    ['window', window],
    ['document', document],
  ] as Array<[string, Target]>) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    const capture = (o: unknown) => (typeof o === 'boolean' ? o : Boolean((o as { capture?: boolean })?.capture));
    target.addEventListener = ((type: string, listener: unknown, options?: unknown) => {
      const c = capture(options);
      if (!live.some((e) => e.target === name && e.type === type && e.listener === listener && e.capture === c)) {
        live.push({ target: name, type, listener, capture: c });
      }
      add(type, listener as EventListener, options as AddEventListenerOptions);
    }) as Target['addEventListener'];
    target.removeEventListener = ((type: string, listener: unknown, options?: unknown) => {
      const c = capture(options);
      const at = live.findIndex((e) => e.target === name && e.type === type && e.listener === listener && e.capture === c);
      if (at >= 0) live.splice(at, 1);
      remove(type, listener as EventListener, options as EventListenerOptions);
    }) as Target['removeEventListener'];
    restore.push(() => {
      target.addEventListener = add;
      target.removeEventListener = remove;
    });
  }
  return {
    leftover: () => live.map((e) => `${e.target}:${e.type}`),
    stop: () => restore.forEach((undo) => undo()),
  };
}

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  removeToken();
});

describe('embedded mount (qiankun)', () => {
  it('lives in the host container and unmount takes away everything it added', async () => {
    const bff = fakeBff();
    bff.on('GET /api/auth/code', () => ({ status: 200, body: { img: 'data:image/png;base64,AA', uuid: 'u', enabled: true } }));
    client.axios.defaults.adapter = bff.adapter;
    history.replaceState(null, '', '/monomer/login');
    document.title = 'Host portal';
    // qiankun puts the remote's template body (our #root) into its container
    const container = document.createElement('div');
    container.id = '__qiankun_microapp_wrapper_for_monomer__';
    container.innerHTML = '<div id="root"></div>';
    document.body.appendChild(container);
    const headBefore = document.head.innerHTML;
    const bodyBefore = Array.from(document.body.children);
    const tracker = trackListeners();

    const cycle = async () => {
      const app = mountApp({
        embedded: true,
        container,
        moduleUrl: 'http://bff.test/assets/index-abc.js',
        props: { name: 'monomer' },
      });
      expect(getRuntime()).toMatchObject({ embedded: true, basename: '/monomer', apiBase: 'http://bff.test', container });
      // the sign-in chunk loads lazily; a busy machine needs more than the default second
      expect(await within(container).findByRole('button', { name: '登 录' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('登录 - 商城'));
      // the sign-in page fills the host's container (app/box.ts), not the window: the host's
      // own header above the container would make the host page scroll
      expect(container.style.minHeight).toBe('inherit');
      expect(container.querySelectorAll('[style*="vh"]')).toHaveLength(0);
      // calls go to the origin the code came from
      expect(bff.calls.find((c) => c.path === '/api/auth/code')?.baseURL).toBe('http://bff.test');
      // antd's styles are in the container, not in the host's head
      expect(container.querySelectorAll('style[data-css-hash]').length).toBeGreaterThan(0);
      expect(document.head.querySelectorAll('style[data-css-hash]')).toHaveLength(0);
      // notifications render inside the container too
      await waitFor(async () => {
        await http.get('/api/missing').catch(() => undefined);
        expect(within(container).getAllByText('不存在').length).toBeGreaterThan(0);
      });
      expect(screen.getAllByText('不存在').every((node) => container.contains(node))).toBe(true);

      app.unmount();
      expect(container.hasAttribute('style')).toBe(false);
      expect(container.innerHTML).toBe('<div id="root"></div>');
      expect(document.head.innerHTML).toBe(headBefore);
      expect(Array.from(document.body.children)).toEqual(bodyBefore);
      expect(document.title).toBe('Host portal');
      expect(getRuntime()).toMatchObject({ embedded: false, container: null, basename: '', apiBase: '' });
    };

    await cycle();
    // React attaches one "selectionchange" listener per document, once, and never removes it.
    expect(tracker.leftover()).toEqual(['document:selectionchange']);
    await cycle();
    expect(tracker.leftover()).toEqual(['document:selectionchange']);
    tracker.stop();
    container.remove();
  });

  it("the frame fills the host's container, not the window, and keeps its fixed parts inside it", async () => {
    const bff = fakeBff();
    bff.on('GET /api/auth/info', () => ({ status: 200, body: adminInfo }));
    bff.on('GET /api/menus/build', () => ({ status: 200, body: adminMenus }));
    client.axios.defaults.adapter = bff.adapter;
    setToken('Bearer jwt-frame', false);
    useSession.getState().reset(); // picks up the token, as a page load would
    history.replaceState(null, '', '/monomer/dashboard');
    const container = document.createElement('div');
    container.innerHTML = '<div id="root"></div>';
    document.body.appendChild(container);

    const app = mountApp({ embedded: true, container, moduleUrl: 'http://bff.test/assets/index-abc.js' });
    expect(await within(container).findByText('订单数')).toBeInTheDocument();
    const frame = container.querySelector<HTMLElement>('.ant-app');
    expect(frame?.parentElement?.id).toBe('root');
    // exactly #root's column (its page scrolls inside, never the host page); the transform
    // makes it the containing block of the fixed header and sider
    expect(frame?.style.flex).toBe('1 1 0px');
    expect(frame?.style.minHeight).toBe('0px');
    expect(frame?.style.overflow).toBe('hidden');
    expect(frame?.style.transform).toBe('translateZ(0)');
    // nothing is sized to the window: 100vh plus the host's header would overflow the host page
    expect(container.querySelectorAll('[style*="vh"]')).toHaveLength(0);
    app.unmount();
    container.remove();
    useSession.getState().reset();
  });

  it('removes the module preload links of its own assets only', () => {
    const ours = document.createElement('link');
    ours.rel = 'modulepreload';
    ours.href = 'http://bff.test/assets/LoginPage-1.js';
    const hosts = document.createElement('link');
    hosts.rel = 'modulepreload';
    hosts.href = 'http://portal.test/assets/portal.js';
    document.head.append(ours, hosts);
    removeModulePreloads('http://bff.test/assets/');
    expect(ours.isConnected).toBe(false);
    expect(hosts.isConnected).toBe(true);
    hosts.remove();
  });
});
