import { lazy, useEffect, useState, type ComponentType } from 'react';

/**
 * Code that lives in its own chunk, fetched once: every caller (a preload on hover or idle, the
 * component that draws it) shares one request, and `loaded` holds the module once it is there.
 * A failed fetch is forgotten, so the next caller asks again.
 */
export interface Chunk<M> {
  get: () => Promise<M>;
  readonly loaded: M | undefined;
}

export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    get: () =>
      (pending ??= load().then(
        (m) => (loaded = m),
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      )),
    get loaded() {
      return loaded;
    },
  };
}

/** Runs `fn` when the browser has nothing else to do (at the latest after `timeout` ms); returns the cancel. */
export function whenIdle(fn: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200); // Safari has no requestIdleCallback
  return () => clearTimeout(id);
}

/**
 * Runs `fn` once the frame being drawn now has been painted (the next task after the next
 * animation frame); returns the cancel. For work that would otherwise hold that paint.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
type AnyComponent = ComponentType<any>;

/**
 * A component of a chunk, for a Suspense boundary: it suspends only while the chunk is on its
 * way. React.lazy suspends at its first draw even when the chunk was fetched ahead (a preload),
 * and a suspension shows the fallback and holds the rest of the tree's commit for React's
 * fallback throttle (300 ms) — the page's own requests, sent from its effects, wait with it.
 * Which of the two draws is fixed when the component mounts, so it never remounts.
 */
export function ready<M, C extends AnyComponent>(from: Chunk<M>, pick: (m: M) => C): C {
  const Lazy = lazy(async () => ({ default: pick(await from.get()) }));
  const Ready = (props: object) => {
    const [Drawn] = useState<AnyComponent>(() => (from.loaded ? pick(from.loaded) : Lazy));
    return <Drawn {...props} />;
  };
  return Ready as unknown as C;
}

/**
 * A component of a chunk that never suspends: it draws nothing until the chunk is there and asks
 * for it after its first commit (`idle`: once the browser is idle, for what is not in sight, such
 * as a closed dialog, so that it does not hold the page's rows), so the page around it commits
 * (and sends its requests) without waiting for it. A failed fetch is thrown at the next draw, to
 * the error boundary.
 */
export function deferred<M, C extends AnyComponent>(from: Chunk<M>, pick: (m: M) => C, { idle = false } = {}): C {
  const Deferred = (props: object) => {
    const [Drawn, setDrawn] = useState<AnyComponent | undefined>(() => (from.loaded ? pick(from.loaded) : undefined));
    useEffect(() => {
      if (Drawn) return;
      let live = true;
      const fetch = () =>
        from.get().then(
          (m) => live && setDrawn(() => pick(m)),
          (e: unknown) =>
            live &&
            setDrawn(() => {
              throw e;
            }),
        );
      const cancel = idle ? whenIdle(() => void fetch()) : (void fetch(), undefined);
      return () => {
        live = false;
        cancel?.();
      };
    }, [Drawn]);
    return Drawn ? <Drawn {...props} /> : null;
  };
  return Deferred as unknown as C;
}
