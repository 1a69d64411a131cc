import { beforeEach, describe, expect, it } from 'vitest';
import {
  createTabsStore,
  DASHBOARD_PATH,
  nextAfterClose,
  NO_NAME,
  redirectPath,
  pathOfTab,
  scrollToShow,
  tabKey,
  TABS_STORAGE_KEY,
  withTab,
  type Tab,
} from './tabs';

const tab = (path: string, extra: Partial<Tab> = {}): Tab => ({ path, fullPath: path, title: path.slice(1), ...extra });

describe('tabs store', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts with the pinned dashboard only', () => {
    const s = createTabsStore();
    expect(s.getState().tabs.map((t) => [t.path, t.affix])).toEqual([[DASHBOARD_PATH, true]]);
  });

  it('adds a tab on a visit unless its path is open, then only updates its full path', () => {
    const s = createTabsStore();
    s.getState().visit(tab('/system/user'));
    s.getState().visit({ ...tab('/system/user'), fullPath: '/system/user?page=2' });
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/system/user']);
    expect(s.getState().tabs[1].fullPath).toBe('/system/user?page=2');
  });

  it('keepOnly closes the tabs of pages the session cannot open, never the pinned dashboard', () => {
    const s = createTabsStore();
    s.getState().visit(tab('/system/user'));
    s.getState().visit(tab('/channel/cert'));
    s.getState().keepOnly((path) => path === '/system/user');
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/system/user']);
  });

  it('a tab carries its name and query; reopened with another query, both follow', () => {
    const s = createTabsStore();
    s.getState().visit({ ...tab('/look'), fullPath: '/look?type=goods&id=1', query: { type: 'goods', id: '1' }, name: 'Look' });
    s.getState().visit({ ...tab('/look'), fullPath: '/look?type=goods&id=2', query: { type: 'goods', id: '2' }, name: 'Look' });
    expect(s.getState().tabs[1]).toMatchObject({ name: 'Look', fullPath: '/look?type=goods&id=2', query: { type: 'goods', id: '2' } });
  });

  it('two flows (or batches) open two tabs; closing one keeps the other; their pages stay openable', () => {
    const s = createTabsStore();
    for (const [path, search] of [['/flowDetail', '?id=12'], ['/flowDetail', '?id=13'], ['/batchDetail', '?id=3'], ['/flowDetail', '?id=12']]) {
      const key = tabKey(path, search);
      s.getState().visit({ path: key, fullPath: path + search, title: '流程详情' });
    }
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/flowDetail?id=12', '/flowDetail?id=13', '/batchDetail?id=3']);
    expect(s.getState().close('/flowDetail?id=12', '/flowDetail?id=13')).toBeNull();
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/flowDetail?id=13', '/batchDetail?id=3']);
    s.getState().keepOnly((path) => path === '/flowDetail' || path === '/batchDetail');
    expect(s.getState().tabs).toHaveLength(3);
    // other pages keep one tab per path, whatever their query
    expect(tabKey('/look', '?type=goods&id=1')).toBe('/look');
    expect(tabKey('/flowDetail', '')).toBe('/flowDetail');
    expect(pathOfTab('/flowDetail?id=13')).toBe('/flowDetail');
  });

  it('an open tab follows a changed cache switch of its page', () => {
    const tabs = withTab([tab('/a', { noCache: true })], tab('/a', { noCache: false }));
    expect(tabs).toHaveLength(1);
    expect(tabs[0].noCache).toBe(false);
  });

  it('names a tab without a title no-name', () => {
    expect(withTab([], tab('/x', { title: '' }))[0].title).toBe(NO_NAME);
    expect(NO_NAME).toBe('no-name');
  });

  it('closing an inactive tab stays where it is', () => {
    const s = createTabsStore();
    s.getState().visit(tab('/a'));
    s.getState().visit(tab('/b'));
    expect(s.getState().close('/a', '/b')).toBeNull();
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/b']);
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const s = createTabsStore();
    s.getState().visit(tab('/a'));
    s.getState().visit({ ...tab('/b'), fullPath: '/b?q=1' });
    s.getState().visit(tab('/c'));
    expect(s.getState().close('/c', '/c')).toEqual({ to: '/b?q=1', replace: false });
  });

  it('none left → /; from the dashboard → the dashboard refreshed', () => {
    expect(nextAfterClose([], tab('/a'))).toEqual({ to: '/', replace: false });
    expect(nextAfterClose([], tab(DASHBOARD_PATH))).toEqual({ to: '/redirect/dashboard', replace: true });
  });

  it('pinned tabs survive close others and close all', () => {
    const s = createTabsStore();
    ['/a', '/b', '/c'].forEach((p) => s.getState().visit(tab(p)));
    expect(s.getState().closeOthers('/b', '/b')).toBeNull();
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/b']);
    expect(s.getState().closeAll('/b')).toEqual({ to: DASHBOARD_PATH, replace: false });
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH]);
  });

  it('close others from another tab than the shown one goes to that tab', () => {
    const s = createTabsStore();
    ['/a', '/b'].forEach((p) => s.getState().visit(tab(p)));
    expect(s.getState().closeOthers('/a', '/b')).toEqual({ to: '/a', replace: false });
  });

  it('close left and close right keep the pinned dashboard and go to the clicked tab when the shown one closes', () => {
    const s = createTabsStore();
    ['/a', '/b', '/c', '/d'].forEach((p) => s.getState().visit(tab(p)));
    expect(s.getState().closeSide('/b', 1, '/d')).toEqual({ to: '/b', replace: false });
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/a', '/b']);
    expect(s.getState().closeSide('/b', -1, '/b')).toBeNull();
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/b']);
    expect(s.getState().closeSide('/b', -1, '/b')).toBeNull();
    expect(s.getState().closeSide('/b', 1, '/b')).toBeNull();
    expect(s.getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/b']);
  });

  it('close all on the dashboard stays there', () => {
    const s = createTabsStore();
    s.getState().visit(tab('/a'));
    expect(s.getState().closeAll(DASHBOARD_PATH)).toBeNull();
  });

  it('refresh replaces the route with /redirect + full path; renew drops the page cache', () => {
    const s = createTabsStore();
    s.getState().visit({ ...tab('/system/user'), fullPath: '/system/user?x=1' });
    expect(s.getState().refresh('/system/user')).toEqual({ to: '/redirect/system/user?x=1', replace: true });
    // the page is still shown: a new generation now would mount it twice (here and after /redirect)
    expect(s.getState().generation['/system/user']).toBeUndefined();
    s.getState().renew('/system/user');
    expect(s.getState().generation['/system/user']).toBe(1);
    expect(redirectPath('/a')).toBe('/redirect/a');
  });

  it('persists across a reload (a new store reads what the old one wrote)', () => {
    const s = createTabsStore();
    s.getState().visit(tab('/a'));
    expect(sessionStorage.getItem(TABS_STORAGE_KEY)).toContain('/a');
    expect(createTabsStore().getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH, '/a']);
  });

  it('ignores a broken stored value', () => {
    sessionStorage.setItem(TABS_STORAGE_KEY, '{not json');
    expect(createTabsStore().getState().tabs.map((t) => t.path)).toEqual([DASHBOARD_PATH]);
  });
});

describe('scrollToShow', () => {
  it('scrolls left or right so the tab shows with a 4px margin', () => {
    expect(scrollToShow(100, 300, 50, 80)).toBe(46);
    expect(scrollToShow(0, 300, 280, 80)).toBe(64);
    expect(scrollToShow(0, 300, 100, 80)).toBe(0);
    expect(scrollToShow(10, 300, 2, 80)).toBe(0);
  });
});
