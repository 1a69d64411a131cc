import { create } from 'zustand';

/** Records the read-only detail page (/look, 详情) shows (docs/decisions.md "Goods page and /look"). */
export type LookType = 'goods' | 'order' | 'contract' | 'agency';

export const LOOK_TYPES: readonly LookType[] = ['goods', 'order', 'contract', 'agency'];

/**
 * The list each record type is opened from, by its menu component key: /look lights that list's
 * sidebar entry (seed-spec §3 activeMenu) — opened from 商品管理, 商品管理 stays lit.
 */
export const LOOK_LISTS: Record<LookType, string> = {
  goods: 'mall/goods/index',
  order: 'mall/order/index',
  contract: 'channel/contract/index',
  agency: 'channel/agency/index',
};

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
