import { afterEach, describe, expect, it, vi } from 'vitest';

const getOverview = vi.fn();
vi.mock('./api', () => ({ getOverview: (...args: unknown[]) => getOverview(...args) }));

const { EARLY_KEEP_MS, dropEarlyOverview, loadOverview, prefetchOverview } = await import('./early');
const { defaultPeriod } = await import('./opening');

afterEach(() => {
  dropEarlyOverview();
  getOverview.mockReset();
});

describe('the overview asked for at page load', () => {
  it('is taken once by the page for the opening period, silently asked', async () => {
    getOverview.mockResolvedValueOnce('early').mockResolvedValue('late');
    prefetchOverview(1000);
    expect(getOverview).toHaveBeenCalledWith(defaultPeriod(), true);
    expect(await loadOverview(defaultPeriod(), 1500)).toBe('early');
    expect(await loadOverview(defaultPeriod(), 1600)).toBe('late');
    expect(getOverview).toHaveBeenCalledTimes(2);
  });

  it('is not used for another period, when stale, or after it was dropped', async () => {
    getOverview.mockResolvedValue('own');
    prefetchOverview(1000);
    expect(await loadOverview({ start: '2020-01-01', end: '2020-01-31' }, 1001)).toBe('own');
    dropEarlyOverview(); // a new mount
    prefetchOverview(1000);
    expect(await loadOverview(defaultPeriod(), 1000 + EARLY_KEEP_MS)).toBe('own');
    dropEarlyOverview();
    prefetchOverview(1000);
    dropEarlyOverview();
    expect(await loadOverview(defaultPeriod(), 1001)).toBe('own');
    expect(getOverview).toHaveBeenCalledTimes(6);
  });

  it('is not asked for once the page has asked (its code came first), until dropped', async () => {
    getOverview.mockResolvedValue('own');
    expect(await loadOverview(defaultPeriod(), 1000)).toBe('own');
    prefetchOverview(1001);
    expect(getOverview).toHaveBeenCalledTimes(1);
    dropEarlyOverview();
    prefetchOverview(1002);
    expect(getOverview).toHaveBeenCalledTimes(2);
  });

  it('when it failed, the page asks again with its own (told) request', async () => {
    getOverview.mockRejectedValueOnce(new Error('403')).mockResolvedValue('own');
    prefetchOverview(1000);
    expect(await loadOverview(defaultPeriod(), 1001)).toBe('own');
    expect(getOverview).toHaveBeenLastCalledWith(defaultPeriod());
  });
});
