import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { client } from '@/shared/api';
import { useLanguage } from '@/shared/lib/i18n';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { useBrand, useBrandLoader, useProductTitle } from './brand';

function Title() {
  useBrandLoader();
  return <h1>{useProductTitle()}</h1>;
}

let bff: FakeBff;
beforeEach(() => {
  useBrand.getState().setTitle(null);
  bff = fakeBff();
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useLanguage.getState().setLanguage('zh-CN');
});

describe('product title', () => {
  it("asks for the page's host and shows its brand", async () => {
    bff.on('GET /api/app/config', (config) => {
      bff.queries.push(config.params as Record<string, unknown>);
      return { status: 200, body: { title: '甲商城' } };
    });
    render(<Title />);
    expect(await screen.findByRole('heading', { name: '甲商城' })).toBeInTheDocument();
    expect(bff.queries).toEqual([{ host: window.location.hostname }]);
  });

  it('is 商城 (en-US: Mall) for a host without a brand or when the BFF cannot say', async () => {
    bff.on('GET /api/app/config', () => ({ status: 200, body: { title: null } }));
    const { unmount } = render(<Title />);
    await screen.findByRole('heading', { name: '商城' });
    await new Promise((r) => setTimeout(r, 0));
    expect(bff.calls.map((c) => c.path)).toEqual(['/api/app/config']);
    expect(screen.getByRole('heading').textContent).toBe('商城');
    unmount();

    bff.on('GET /api/app/config', () => ({ status: 500, body: { status: 500, message: 'x' } }));
    useLanguage.getState().setLanguage('en-US');
    render(<Title />);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByRole('heading').textContent).toBe('Mall');
  });
});
