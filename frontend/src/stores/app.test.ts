import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';

/** A fresh store module, as a page load would read the cookies. */
async function freshStore() {
  vi.resetModules();
  return (await import('./app')).useAppStore;
}

describe('sidebar state', () => {
  afterEach(() => Cookies.remove('sidebarStatus'));

  it('is open by default', async () => {
    expect((await freshStore()).getState().sidebarOpened).toBe(true);
  });

  it('is kept in the sidebarStatus cookie as 1/0 and read back on load', async () => {
    const store = await freshStore();
    store.getState().setSidebar(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect((await freshStore()).getState().sidebarOpened).toBe(false);
    store.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
    expect((await freshStore()).getState().sidebarOpened).toBe(true);
  });

  it('remembers whether the last change was the mobile one (no animation)', async () => {
    const store = await freshStore();
    store.getState().setSidebar(false, true);
    expect(store.getState().withoutAnimation).toBe(true);
    store.getState().setSidebar(true);
    expect(store.getState().withoutAnimation).toBe(false);
  });
});
