import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dayjs } from 'dayjs';
import { DateTimeRange, type DateTimeRangeProps } from './DateTimeRange';

const shown = (v: unknown) => (v as (Dayjs | null)[] | null)?.map((d) => d?.format('YYYY-MM-DD HH:mm:ss'));

/** The picker as a form holds it: controlled. */
function Held({ onRange, ...props }: DateTimeRangeProps & { onRange: (v: unknown) => void }) {
  const [value, setValue] = useState<DateTimeRangeProps['value']>(null);
  return (
    <DateTimeRange
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        onRange(shown(v));
      }}
    />
  );
}

describe('DateTimeRange', () => {
  it('takes dates typed without a time: the start at 00:00, the end at 23:59:59', async () => {
    const user = userEvent.setup();
    let got: unknown = 'none';
    render(<Held onRange={(v) => (got = v)} />);
    await user.click(screen.getByPlaceholderText('Start date'));
    await user.keyboard('2026-12-01{Enter}');
    await waitFor(() => expect(screen.getByPlaceholderText('End date')).toHaveFocus());
    await user.keyboard('2026-12-05{Enter}');
    await waitFor(() => expect(got).not.toBe('none'));
    expect(got).toEqual(['2026-12-01 00:00:00', '2026-12-05 23:59:59']);
    expect(screen.getByPlaceholderText('Start date')).toHaveValue('2026-12-01 00:00:00');
    expect(screen.getByPlaceholderText('End date')).toHaveValue('2026-12-05 23:59:59');
  });

  it('keeps a typed time, and shows HH:mm when asked', async () => {
    const user = userEvent.setup();
    let got: unknown = 'none';
    render(<Held format="YYYY-MM-DD HH:mm" showTime={{ format: 'HH:mm' }} onRange={(v) => (got = v)} />);
    await user.click(screen.getByPlaceholderText('Start date'));
    await user.keyboard('2026-12-01 09:30{Enter}');
    await waitFor(() => expect(screen.getByPlaceholderText('End date')).toHaveFocus());
    await user.keyboard('2026-12-02{Enter}');
    await waitFor(() => expect(got).not.toBe('none'));
    expect(got).toEqual(['2026-12-01 09:30:00', '2026-12-02 23:59:00']);
    expect(screen.getByPlaceholderText('End date')).toHaveValue('2026-12-02 23:59');
  });
});
