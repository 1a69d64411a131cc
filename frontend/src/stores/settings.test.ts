import { beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from './settings';

describe('layout settings', () => {
  beforeEach(() => localStorage.clear());

  it('start from the defaults: tabs, fixed header, logo, unique-open all on', () => {
    const { change: _c, ...settings } = createSettingsStore().getState();
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(Object.values(DEFAULT_SETTINGS).every(Boolean)).toBe(true);
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
    localStorage.setItem(SETTINGS_STORAGE_KEY, 'nonsense');
    expect(createSettingsStore().getState().tagsView).toBe(true);
  });
});
