import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useTabs } from './tabs';
import { KeepAlive } from './KeepAlive';

/** A page that counts its effect runs (a list page fetches in one) and holds typed text. */
function Page({ name, runs }: { name: string; runs: Record<string, number> }) {
  const [text, setText] = useState('');
  const { pathname } = useLocation();
  useEffect(() => {
    runs[name] = (runs[name] ?? 0) + 1;
  }, [name, runs]);
  return <input aria-label={name} data-path={pathname} value={text} onChange={(e) => setText(e.target.value)} />;
}

function setup(runs: Record<string, number>, noCacheA = false) {
  useTabs.setState({
    tabs: [
      { path: '/a', fullPath: '/a', title: 'A', noCache: noCacheA },
      { path: '/b', fullPath: '/b', title: 'B' },
    ],
    generation: {},
  });
  const router = createMemoryRouter(
    [
      {
        element: <KeepAlive />,
        children: [
          { path: '/a', element: <Page name="a" runs={runs} /> },
          { path: '/b', element: <Page name="b" runs={runs} /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => useTabs.setState({ tabs: [], generation: {} }));

describe('KeepAlive', () => {
  it('a noCache page (the dashboard) lives only while shown: typed text goes, its effects run again', async () => {
    const runs: Record<string, number> = {};
    const router = setup(runs, true);
    await userEvent.type(screen.getByLabelText('a'), 'gone');
    await act(() => router.navigate('/b'));
    expect(screen.queryByLabelText('a')).toBeNull();
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('a')).toHaveValue('');
    expect(runs).toEqual({ a: 2, b: 1 });
  });

  it('keeps a hidden page mounted: typed text stays, its effects do not run again when shown', async () => {
    const runs: Record<string, number> = {};
    const router = setup(runs);
    await userEvent.type(screen.getByLabelText('a'), 'half typed');
    await act(() => router.navigate('/b'));
    expect(screen.getByLabelText('a', { selector: 'input' })).not.toBeVisible();
    expect(screen.getByLabelText('b')).toBeVisible();
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('a')).toHaveValue('half typed');
    expect(screen.getByLabelText('a')).toBeVisible();
    expect(runs).toEqual({ a: 1, b: 1 });
    // each page sees the location it was shown at
    expect(screen.getByLabelText('b')).toHaveAttribute('data-path', '/b');
  });

  it('a refresh (new generation) mounts the page afresh', async () => {
    const runs: Record<string, number> = {};
    const router = setup(runs);
    await userEvent.type(screen.getByLabelText('a'), 'x');
    await act(() => router.navigate('/b'));
    act(() => useTabs.setState({ generation: { '/a': 1 } }));
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('a')).toHaveValue('');
    expect(runs.a).toBe(2);
  });
});

function Broken(): never {
  throw new TypeError('t.isValid is not a function');
}

describe('a page that fails while drawing', () => {
  it('shows 页面出错了 with 返回 and 刷新 in its own place; the other kept pages go on working', async () => {
    useTabs.setState({
      tabs: [
        { path: '/a', fullPath: '/a', title: 'A' },
        { path: '/broken', fullPath: '/broken', title: 'Broken' },
      ],
      generation: {},
    });
    const runs: Record<string, number> = {};
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <nav>tabs stay</nav>
              <KeepAlive />
            </>
          ),
          children: [
            { path: '/a', element: <Page name="a" runs={runs} /> },
            { path: '/broken', element: <Broken /> },
            { path: '/redirect/*', element: <p>redirected</p> },
          ],
        },
      ],
      { initialEntries: ['/a', '/broken'], initialIndex: 1 },
    );
    const quiet = console.error;
    console.error = () => undefined; // React reports the caught error; the test expects it
    try {
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('页面出错了')).toBeVisible();
      expect(screen.getByText('tabs stay')).toBeVisible();
      expect(screen.queryByText(/isValid/)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: /返\s*回/ }));
      expect(router.state.location.pathname).toBe('/a');
      expect(screen.getByLabelText('a')).toBeVisible();
      await act(() => router.navigate('/broken'));
      await userEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
      expect(router.state.location.pathname).toBe('/redirect/broken');
    } finally {
      console.error = quiet;
    }
  });
});
