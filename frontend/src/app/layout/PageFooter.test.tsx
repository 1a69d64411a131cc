import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useBrand } from '@/shared/lib/brand';
import { FILING_REGISTER, PageFooter } from './PageFooter';

afterEach(() => useBrand.getState().setConfig({ title: null }));

describe('page footer (seed-spec §3 footerTxt, caseNumber)', () => {
  it('shows the text and the filing number linked to the register', () => {
    useBrand.getState().setConfig({ title: null, footerText: '© 2026 好物商城', caseNumber: '浙ICP备12345678号-1' });
    render(<PageFooter />);
    expect(screen.getByText('© 2026 好物商城')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '浙ICP备12345678号-1' });
    expect(link).toHaveAttribute('href', FILING_REGISTER);
    expect(link).toHaveAttribute('target', '_blank');
  });
  it('is not there when neither is configured', () => {
    useBrand.getState().setConfig({ title: null });
    render(<PageFooter />);
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByLabelText('footer')).toBeNull();
  });
});
