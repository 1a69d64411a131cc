import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PICKER } from '@/shared/lib/time';
import { FieldControl } from './controls';

// seed §9: date pickers show yyyy-MM-dd, times HH:mm:ss (docs/decisions.md "Rules of issues 15 and 16")
describe('date picker formats', () => {
  it('are YYYY-MM-DD, HH:mm:ss and YYYY-MM-DD HH:mm:ss', () => {
    expect(PICKER).toEqual({ date: 'YYYY-MM-DD', time: 'HH:mm:ss', dateTime: 'YYYY-MM-DD HH:mm:ss' });
  });

  it('the form renderer shows a date and a date range as YYYY-MM-DD', () => {
    render(<FieldControl field={{ key: 'day', type: 'date', label: '日期' }} value="2026-03-05" />);
    expect((screen.getByLabelText('日期') as HTMLInputElement).value).toBe('2026-03-05');
    const { container } = render(<FieldControl field={{ key: 'span', type: 'dateRange', label: '区间' }} value={['2026-03-05', '2026-04-01']} />);
    const inputs = [...container.querySelectorAll('input')].map((i) => i.value);
    expect(inputs).toEqual(['2026-03-05', '2026-04-01']);
  });
});
