import { useEffect, useState } from 'react';
import type { Overview, Period } from './api';

export interface OverviewState {
  data?: Overview;
  error?: unknown;
  /** When the shown answer arrived. */
  at?: Date;
}

/**
 * The overview of `period` through `load`, again every `refreshMs` when given (the wall
 * display). The last answer stays shown while the next one loads, so the figures do not blink.
 */
export function useOverview(load: ((p: Period) => Promise<Overview>) | null, period: Period, refreshMs?: number): OverviewState {
  const [state, setState] = useState<OverviewState>({});
  const { start, end } = period;
  useEffect(() => {
    if (!load) return;
    let live = true;
    const fetch = () =>
      load({ start, end }).then(
        (data) => live && setState({ data, at: new Date() }),
        (error: unknown) => live && setState((s) => ({ ...s, error })),
      );
    void fetch();
    const timer = refreshMs ? window.setInterval(() => void fetch(), refreshMs) : undefined;
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [load, start, end, refreshMs]);
  return state;
}
