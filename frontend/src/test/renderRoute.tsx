import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers } from '@/app/providers';
import { ClientBinder } from '@/app/ClientBinder';

/** Shows where the router is, for tests that check an address. */
function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/**
 * Renders a page at url under a route of path, inside the app's providers, with the request
 * client bound to the app's notices (a failed call's message shows as it would in the app).
 */
export function renderRoute(url: string, path: string, page: ReactNode) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <ClientBinder />
          <Where />
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        </MemoryRouter>
      </App>
    </Providers>,
  );
}
