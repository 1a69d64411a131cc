import { useEffect, useRef } from 'react';

/** The kinds of record a page other than their list can change (the detail at /look). */
export type ChangedKind = 'order' | 'goods';

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
