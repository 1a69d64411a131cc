import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Overview } from '../api';
import { ExtraCards } from './ExtraCards';

const answer = (extra: Overview['extra'], unavailable: Overview['unavailable']) => ({ extra, unavailable }) as Overview;

describe('the cards an existing backend adds to the overview', () => {
  it('shows each card with its title and value', () => {
    render(<ExtraCards data={answer([{ title: '渠道订单', value: '1,024' }, { title: '退货', value: '7' }], [])} />);
    expect(screen.getByText('业务系统数据')).toBeInTheDocument();
    expect(screen.getByText('渠道订单')).toBeInTheDocument();
    expect(screen.getByText('1,024')).toBeInTheDocument();
    expect(screen.getByText('退货')).toBeInTheDocument();
  });

  it('says the part is unavailable instead of showing stale or no numbers', () => {
    render(<ExtraCards data={answer([], [{ part: 'extra', status: 'unavailable' }])} />);
    expect(screen.getByRole('status')).toHaveTextContent('业务系统数据暂不可用，其余数据照常显示');
  });

  it('takes no room when no backend adds anything', () => {
    const { container } = render(<ExtraCards data={answer([], [])} />);
    expect(container).toBeEmptyDOMElement();
  });
});
