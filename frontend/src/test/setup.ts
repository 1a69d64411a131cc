import '@testing-library/jest-dom/vitest';
import { createElement, type ComponentProps } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// jsdom parses every <style> in the document again on each getComputedStyle call, and role
// queries call it for every element: with antd's CSS-in-JS styles in the head one page test took
// 20–60 s. A page rendered without a container (standalone) therefore renders its styles as on a
// server, into the cache only; with a container (the embedded mount tests, which check that
// styles go into the host's container and leave with it) styles are written for real. The
// browser tests see every style.
vi.mock('@ant-design/cssinjs', async (importOriginal) => {
  const real = await importOriginal<typeof import('@ant-design/cssinjs')>();
  type Props = ComponentProps<typeof real.StyleProvider>;
  const StyleProvider = (props: Props) =>
    createElement(real.StyleProvider, { ...(props.container ? {} : { mock: 'server' as const }), ...props });
  return { ...real, StyleProvider };
});

// Pages load lazily: the first render of a page imports antd modules, which on a busy 2-core
// machine can take longer than testing-library's 1 s default. Found elements return at once.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// jsdom lacks these browser APIs that antd relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
