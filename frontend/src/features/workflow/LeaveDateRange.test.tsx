import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { LeaveDateRange } from './LeaveDateRange';
import { leaveDays, remainingText } from './leaveDays';

function wrap(node: ReactNode) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>{node}</AntApp>
    </Providers>,
  );
}

describe('leave-date range', () => {
  it.each([
    [0, 0, 0],
    [0, 86_400_000, 1],
    [0, 86_400_000 * 2.5, 2.5],
    [0, 9 * 3_600_000, 0.38], // 9 hours
    [1000, 0, 0], // end before start
  ])('leaveDays(%i, %i) = %f', (a, b, want) => expect(leaveDays(a, b)).toBe(want));
  it('remaining annual leave shows X until known', () => {
    expect(remainingText(undefined)).toBe('X');
    expect(remainingText(null)).toBe('X');
    expect(remainingText(5)).toBe('5');
  });
  it('shows the days of the chosen range and the remaining leave', () => {
    const { rerender } = wrap(<LeaveDateRange />);
    expect(screen.getByText('共 0 天，剩余年假 X 天')).toBeInTheDocument();
    rerender(
      <Providers container={null} styleCache={createCache()}>
        <LeaveDateRange value={[dayjs('2026-11-23 09:00'), dayjs('2026-11-25 09:00')]} remaining={4} />
      </Providers>,
    );
    expect(screen.getByText('共 2 天，剩余年假 4 天')).toBeInTheDocument();
  });
});

describe('leave-date range inside a form', () => {
  it('Enter in the picker does not submit the form (issue 16)', async () => {
    const { fireEvent } = await import('@testing-library/react');
    let submitted = 0;
    wrap(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted++;
        }}
      >
        <LeaveDateRange />
        <button type="submit">提交</button>
      </form>,
    );
    const input = screen.getAllByRole('textbox')[0];
    const enter = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(enter).toBe(false); // the default action — the form's implicit submission — is cancelled
    expect(submitted).toBe(0);
  });
});

describe('leave-date range typed', () => {
  it('takes dates typed without a time: from 00:00 of the first to 23:59 of the last', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const { waitFor } = await import('@testing-library/react');
    const { useState } = await import('react');
    const user = userEvent.setup();
    let days = -1;
    function Held() {
      const [v, setV] = useState<[dayjs.Dayjs, dayjs.Dayjs] | null>(null);
      return (
        <LeaveDateRange
          value={v}
          onChange={(r, n) => {
            setV(r);
            days = n;
          }}
        />
      );
    }
    wrap(<Held />);
    const [from, to] = screen.getAllByRole('textbox');
    await user.click(from);
    await user.keyboard('2026-12-01{Enter}');
    await waitFor(() => expect(to).toHaveFocus());
    await user.keyboard('2026-12-02{Enter}');
    await waitFor(() => expect(to).toHaveValue('2026-12-02 23:59'));
    expect(from).toHaveValue('2026-12-01 00:00');
    expect(days).toBe(2);
  });
});
