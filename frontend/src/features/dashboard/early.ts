import { getOverview, type Overview, type Period } from './api';
import { defaultPeriod } from './opening';

/** How long an overview asked for at page load waits for the page to take it. */
export const EARLY_KEEP_MS = 10_000;

let early: { key: string; at: number; answer: Promise<Overview> } | null = null;
// The page asked before the early request went out (its code came first): none goes out then.
let pageAsked = false;

const keyOf = (p: Period) => `${p.start}..${p.end}`;

/**
 * Asks for the opening period's overview while the page's code is still loading (issue 32: the
 * request went out only after the frame and the page had loaded and rendered). Silent: a refusal
 * (no 数据概览 permission) is told by the page's own request, which then asks again.
 */
export function prefetchOverview(now = Date.now()): void {
  if (pageAsked) return;
  const period = defaultPeriod();
  const answer = getOverview(period, true);
  answer.catch(() => undefined);
  early = { key: keyOf(period), at: now, answer };
}

/** Forgets an early answer nobody took (the app unmounted, or the user left the page). */
export function dropEarlyOverview(): void {
  early = null;
  pageAsked = false;
}

/**
 * The overview of `p`: the early answer when it is for this period and still fresh, taken once;
 * otherwise, or when the early request failed, a request of its own.
 */
export function loadOverview(p: Period, now = Date.now()): Promise<Overview> {
  const taken = early;
  early = null;
  pageAsked = true;
  if (taken && taken.key === keyOf(p) && now - taken.at < EARLY_KEEP_MS) return taken.answer.catch(() => getOverview(p));
  return getOverview(p);
}
