import { afterEach, describe, expect, it } from 'vitest';
import { useNotify } from '@/features/notify/store';
import { shareUnread } from './hostState';

afterEach(() => useNotify.getState().reset());

describe('unread count shared with a qiankun host', () => {
  it('tells mallUnread on start and on each change, until stopped', () => {
    const told: unknown[] = [];
    useNotify.getState().setUnread(2);
    const stop = shareUnread({ setGlobalState: (s: unknown) => told.push(s) });
    useNotify.getState().setUnread(5);
    useNotify.getState().setLatest([]); // no change of the count: nothing told
    stop();
    useNotify.getState().setUnread(9);
    expect(told).toEqual([{ mallUnread: 2 }, { mallUnread: 5 }]);
  });

  it('does nothing for a host without global state', () => {
    const stop = shareUnread({});
    useNotify.getState().setUnread(3);
    expect(stop).not.toThrow();
  });
});
