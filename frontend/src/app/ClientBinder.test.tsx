import { describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import type { ClientBindings } from '@/shared/api';
import { Providers } from './providers';

const lent: { bindings: ClientBindings | null } = { bindings: null };
vi.mock('@/shared/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/api')>()),
  bindClient: (b: ClientBindings) => {
    lent.bindings = b;
    return () => undefined;
  },
}));

const { ClientBinder } = await import('./ClientBinder');

function Probe({ onApp }: { onApp: (app: ReturnType<typeof AntApp.useApp>) => void }) {
  onApp(AntApp.useApp());
  return null;
}

// issue 33: request errors were top-right notifications beside top-centre messages
describe('ClientBinder', () => {
  it('tells a request error as a message, not a notification; a good sign-in takes errors away, not other messages', async () => {
    let app: ReturnType<typeof AntApp.useApp> | undefined;
    render(
      <Providers container={null} styleCache={createCache()}>
        <MemoryRouter>
          <AntApp>
            <ClientBinder />
            <Probe onApp={(a) => (app = a)} />
          </AntApp>
        </MemoryRouter>
      </Providers>,
    );
    await waitFor(() => expect(lent.bindings).not.toBeNull());
    act(() => lent.bindings!.notifyError('接口请求失败', 5));
    await waitFor(() => expect(document.querySelector('.ant-message-notice')?.textContent).toContain('接口请求失败'));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    act(() => void app!.message.success('保存成功'));
    await waitFor(() => expect(document.body.textContent).toContain('保存成功'));
    // the leaving animation does not end in jsdom: what is asked to go is what counts
    const destroy = vi.spyOn(app!.message, 'destroy');
    act(() => lent.bindings!.dismissErrors!());
    expect(destroy.mock.calls).toEqual([[expect.stringMatching(/^request-error-/)]]);
  });
});
