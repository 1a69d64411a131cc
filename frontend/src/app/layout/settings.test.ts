import { beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS, PRIMARY_COLOR, SETTINGS_STORAGE_KEY, THEME_SWATCHES } from './settings';

describe('layout settings', () => {
  beforeEach(() => localStorage.clear());

  it('start from the defaults: theme #2F6EFF, light, tabs, fixed header, logo, unique-open, footer all on', () => {
    const { change: _c, ...settings } = createSettingsStore().getState();
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      theme: '#2F6EFF',
      dark: false,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
      uniqueOpened: true,
      showFooter: true,
    });
  });

  it('offer the default theme colour first among eight swatches', () => {
    expect(PRIMARY_COLOR).toBe('#2F6EFF');
    expect(THEME_SWATCHES[0]).toBe(PRIMARY_COLOR);
    expect(THEME_SWATCHES).toHaveLength(8);
    expect(new Set(THEME_SWATCHES.map((c) => c.toLowerCase())).size).toBe(8);
  });

  it('persist the theme colour and dark mode across a reload', () => {
    const store = createSettingsStore();
    expect(store.getState().change('theme', '#13c2c2')).toBe(true);
    expect(store.getState().change('dark', true)).toBe(true);
    const again = createSettingsStore().getState();
    expect(again.theme).toBe('#13c2c2');
    expect(again.dark).toBe(true);
  });

  it('refuse a theme colour that is not #rrggbb, keeping the one before', () => {
    const store = createSettingsStore();
    for (const bad of ['red', '#12345', '#1234567', 'url(x)', '']) {
      expect(store.getState().change('theme', bad)).toBe(false);
    }
    expect(store.getState().theme).toBe(PRIMARY_COLOR);
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it('persist a change across a reload', () => {
    createSettingsStore().getState().change('tagsView', false);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}').tagsView).toBe(false);
    const again = createSettingsStore().getState();
    expect(again.tagsView).toBe(false);
    expect(again.fixedHeader).toBe(true);
  });

  it('ignore a broken or foreign stored value', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"tagsView":"no","sidebarLogo":false}');
    const s = createSettingsStore().getState();
    expect(s.tagsView).toBe(true);
    expect(s.sidebarLogo).toBe(false);
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"theme":"expression(alert(1))","dark":"yes"}');
    expect(createSettingsStore().getState().theme).toBe(PRIMARY_COLOR);
    expect(createSettingsStore().getState().dark).toBe(false);
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"theme":"#304156","dark":true}');
    expect(createSettingsStore().getState()).toMatchObject({ theme: '#304156', dark: true, tagsView: true });
    localStorage.setItem(SETTINGS_STORAGE_KEY, 'nonsense');
    expect(createSettingsStore().getState().tagsView).toBe(true);
  });
});
