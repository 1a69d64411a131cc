import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import PrintButtons from './PrintButtons';

let bff: FakeBff;

function renderWith(ids: number[]) {
  render(
    <MemoryRouter>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <PrintButtons ids={ids} />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/orders/print', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>), responseType: config.responseType });
    return { status: 200, body: new Blob(['<h1>拣货单</h1>'], { type: 'text/html' }) };
  });
  client.axios.defaults.adapter = bff.adapter;
  URL.createObjectURL = vi.fn(() => 'blob:paper');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [], user: null });
});

describe('打印', { timeout: 30_000 }, () => {
  it('is not offered without order:print', () => {
    useSession.setState({ roles: ['order:list', 'order:ship'] });
    renderWith([1, 2]);
    expect(screen.queryByRole('button', { name: /打印/ })).toBeNull();
  });

  it('fetches the selected orders’ picking list with the session and shows it in a frame that runs no script', async () => {
    useSession.setState({ roles: ['order:list', 'order:print'] });
    renderWith([7, 3]);
    fireEvent.mouseEnter(screen.getByRole('button', { name: /打印/ }));
    fireEvent.click(await screen.findByText('打印拣货单'));
    await waitFor(() => expect(bff.queries).toEqual([{ ids: '7,3', kind: 'picking', format: 'html', size: 'a4', responseType: 'blob' }]));
    const frame = await screen.findByTestId('print-view');
    expect(frame.getAttribute('src')).toBe('blob:paper');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
  });

  it('asks for a selection first', async () => {
    useSession.setState({ roles: ['order:print'] });
    renderWith([]);
    fireEvent.mouseEnter(screen.getByRole('button', { name: /打印/ }));
    fireEvent.click(await screen.findByText('打印发货单（A4）'));
    expect(await screen.findByText('请先勾选要打印的订单')).toBeTruthy();
    expect(bff.queries).toEqual([]);
  });
});
