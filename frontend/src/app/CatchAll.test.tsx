import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CatchAll } from './CatchAll';

function at(entry: { pathname: string; state?: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/401" element={<p>401</p>} />
        <Route path="/404" element={<p>404</p>} />
        <Route path="*" element={<CatchAll />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a path no route matches', () => {
  it('right after signing in (a redirect this user may not open) is /401', () => {
    at({ pathname: '/system/role', state: { fromSignIn: true } });
    expect(screen.getByText('401')).toBeInTheDocument();
  });
  it('otherwise /404', () => {
    at({ pathname: '/no/such/page' });
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
