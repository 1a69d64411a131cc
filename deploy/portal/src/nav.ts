// History-mode navigation of the portal: links change the URL with pushState (no reload),
// which qiankun/single-spa observes to mount or unmount the remote.

export const REMOTE_RULE = '/monomer';

export function isRemotePath(pathname: string): boolean {
  return pathname === REMOTE_RULE || pathname.startsWith(REMOTE_RULE + '/');
}

export function navigate(path: string): void {
  const target = new URL(path, location.href);
  if (target.origin !== location.origin) {
    location.assign(target.href);
    return;
  }
  if (target.pathname + target.search + target.hash === location.pathname + location.search + location.hash) return;
  // single-spa patches pushState: it re-routes and fires a popstate event, which in turn
  // lets the mounted remote's router follow the change, and calls render() below.
  history.pushState(null, '', target.pathname + target.search + target.hash);
  render();
}

const PAGES: Record<string, { title: string; body: string }> = {
  '/': {
    title: '门户首页',
    body: '这是宿主门户的首页。点击上方的“商城后台”在 /monomer 下加载商城管理后台（qiankun 子应用）。',
  },
  '/other': {
    title: '其他应用',
    body: '这是门户自己的另一个页面。离开 /monomer 时商城后台会被卸载。',
  },
};

/** Shows the portal's own page for the current path, or the remote's container under /monomer. */
export function render(): void {
  const { pathname } = location;
  const page = document.getElementById('portal-page');
  const subapp = document.getElementById('subapp');
  if (!page || !subapp) return;

  const remote = isRemotePath(pathname);
  subapp.hidden = !remote;
  page.hidden = remote;
  // A failed load of the remote is reported under /monomer only.
  const error = document.getElementById('portal-error');
  if (error && !remote) error.hidden = true;
  if (!remote) {
    const content = PAGES[pathname] ?? { title: '页面不存在', body: `门户没有页面 ${pathname}。` };
    page.replaceChildren();
    const h2 = document.createElement('h2');
    h2.textContent = content.title;
    const p = document.createElement('p');
    p.textContent = content.body;
    page.append(h2, p);
  }

  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-portal-link]')) {
    const href = new URL(a.href).pathname;
    // "商城后台" stays lit on every remote page; the other links only on their own path.
    const active = href === REMOTE_RULE ? remote : pathname === href;
    a.classList.toggle('active', active);
    if (active) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

/** Portal links navigate in place; modified clicks (new tab, …) keep the browser's default. */
export function installLinkHandler(doc: Document): void {
  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = (event.target as Element | null)?.closest?.('a[data-portal-link]') as HTMLAnchorElement | null;
    if (!a) return;
    event.preventDefault();
    navigate(a.getAttribute('href') ?? '/');
  });
  window.addEventListener('popstate', render);
}
