import { render } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes } from 'react-router';
import { Providers } from '@/app/providers';

/** Renders the given routes at `path` inside the app's providers (page tests that navigate). */
export function renderAt(path: string, routes: ReactNode) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
        </MemoryRouter>
      </App>
    </Providers>,
  );
}
