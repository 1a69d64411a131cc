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

describe('size', () => {
  afterEach(() => Cookies.remove('size'));

  it('is small by default', async () => {
    expect((await freshStore()).getState().size).toBe('small');
  });

  it('is kept in the size cookie and read back on load', async () => {
    const store = await freshStore();
    for (const size of ['default', 'medium', 'mini', 'small'] as const) {
      store.getState().setSize(size);
      expect(Cookies.get('size')).toBe(size);
      expect((await freshStore()).getState().size).toBe(size);
    }
  });

  it('ignores a saved value that is not one of the four sizes', async () => {
    Cookies.set('size', 'huge');
    expect((await freshStore()).getState().size).toBe('small');
  });

  it('maps the four sizes onto antd, mini one step below small', async () => {
    const { antdSize, sizeTokens } = await import('./app');
    expect(['default', 'medium', 'small', 'mini'].map((s) => antdSize(s as never))).toEqual(['large', 'middle', 'small', 'small']);
    expect(sizeTokens('small')).toEqual({});
    expect(sizeTokens('mini')).toEqual({ controlHeightSM: 20, fontSize: 12 });
  });
});
