import { useEffect, useRef } from 'react';
import { create } from 'zustand';

/** Records the read-only detail page (/look, 详情) shows (docs/decisions.md "Goods page and /look"). */
export type LookType = 'goods' | 'order' | 'contract' | 'agency' | 'aftersale';

export const LOOK_TYPES: readonly LookType[] = ['goods', 'order', 'contract', 'agency', 'aftersale'];

/**
 * The list each record type is opened from, by its menu component key: /look lights that list's
 * sidebar entry (seed-spec §3 activeMenu) — opened from 商品管理, 商品管理 stays lit.
 */
export const LOOK_LISTS: Record<LookType, string> = {
  goods: 'mall/goods/index',
  order: 'mall/order/index',
  contract: 'channel/contract/index',
  agency: 'channel/agency/index',
  aftersale: 'mall/aftersale/index',
};

/** The detail of an after-sales case known by its number only (a 退款审批's link). */
export function caseLookPath(caseNo: string): string {
  return `/look?${new URLSearchParams({ type: 'aftersale', no: caseNo }).toString()}`;
}

/** The detail page of one record: where a list's 详情 action leads. */
export function lookPath(type: LookType, id: number | string): string {
  return `/look?${new URLSearchParams({ type, id: String(id) }).toString()}`;
}

interface RecordTitles {
  /** Full path (with query) → the title of the record shown there. */
  titles: Record<string, string>;
  set: (fullPath: string, title: string) => void;
}

/**
 * Titles pages give themselves once their record has loaded (the detail of goods A-1 is titled
 * by its name): the frame's tab shows it instead of the route's title.
 */
export const useRecordTitles = create<RecordTitles>((set) => ({
  titles: {},
  set: (fullPath, title) =>
    set((s) => (s.titles[fullPath] === title ? s : { titles: { ...s.titles, [fullPath]: title } })),
}));

/** The kinds of record a page other than their list can change (the detail at /look). */
export type ChangedKind = Extract<LookType, 'order' | 'goods' | 'aftersale'>;

const listeners = new Map<ChangedKind, Set<() => void>>();

/**
 * Says that a record of `kind` was changed somewhere other than its list: a kept list (its tab
 * stays mounted while hidden) reloads, so it shows the change when its tab is shown again.
 */
export function announceChange(kind: ChangedKind): void {
  listeners.get(kind)?.forEach((l) => l());
}

/** Calls `onChange` whenever a record of `kind` is announced changed; the latest callback is used. */
export function useOnChange(kind: ChangedKind, onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const l = () => latest.current();
    const set = listeners.get(kind) ?? new Set();
    listeners.set(kind, set);
    set.add(l);
    return () => {
      set.delete(l);
    };
  }, [kind]);
}
