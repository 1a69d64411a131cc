import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { client } from '@/shared/api';
import { clearDicts } from '@/shared/ui/dict';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import type { FormField } from '../types.flow';
import { FieldValue, yuan } from './FieldValue';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [{ label: '年假', value: 'annual' }, { label: '事假', value: 'personal' }], totalElements: 2 } }));
  client.axios.defaults.adapter = bff.adapter;
  clearDicts();
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

const f = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({ key: 'k', type, label: 'L', ...extra });

function shown(field: FormField, value: unknown): HTMLElement {
  const { container } = render(<div data-testid="v"><FieldValue field={field} value={value} /></div>);
  return container.querySelector('[data-testid="v"]') as HTMLElement;
}

describe('FieldValue', () => {
  it('shows text, numbers and a dash for nothing', () => {
    expect(shown(f('text'), 'hello')).toHaveTextContent('hello');
    expect(shown(f('text'), '')).toHaveTextContent('-');
    expect(shown(f('number'), 0)).toHaveTextContent('0');
    expect(shown(f('number'), undefined)).toHaveTextContent('-');
    expect(shown(f('textarea'), 'a\nb').querySelector('span')).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('shows amounts as ¥ with two decimals', () => {
    expect(yuan(12.5)).toBe('¥12.50');
    expect(yuan('7')).toBe('¥7.00');
    expect(yuan(null)).toBe('-');
    expect(shown(f('amount'), 1999.9)).toHaveTextContent('¥1999.90');
  });

  it('shows option labels, and dictionary labels once loaded', async () => {
    const options = [{ label: '是', value: 'y' }, { label: '否', value: 'n' }];
    expect(shown(f('select', { options }), 'y')).toHaveTextContent('是');
    expect(shown(f('select', { options, multiple: true }), ['y', 'n'])).toHaveTextContent('是、否');
    shown(f('select', { dict: 'leave_type' }), 'personal');
    expect(await screen.findByText('事假')).toBeInTheDocument();
  });

  it('shows ranges, people and departments by name (a bare ID as #ID)', () => {
    expect(shown(f('dateRange'), ['2026-11-01', '2026-11-03'])).toHaveTextContent('2026-11-01 ~ 2026-11-03');
    expect(shown(f('leaveRange'), ['2026-11-01 09:00:00', '2026-11-01 18:00:00'])).toHaveTextContent('2026-11-01 09:00:00 ~ 2026-11-01 18:00:00');
    expect(shown(f('user', { multiple: true }), [{ id: 2, name: '张三' }, 5])).toHaveTextContent('张三、#5');
    expect(shown(f('dept'), { id: 3, name: '研发部' })).toHaveTextContent('研发部');
  });

  it('links files and renders rich text and description text', () => {
    const files = shown(f('upload'), [{ id: 1, originalName: 'a.pdf', downloadUrl: '/api/files/abc/download' }, 9]);
    expect(files.querySelector('a')).toHaveAttribute('href', '/api/files/abc/download');
    expect(files).toHaveTextContent('a.pdf');
    expect(files).toHaveTextContent('#9');
    expect(shown(f('richtext'), '<p><strong>粗体</strong></p>').querySelector('strong')).toHaveTextContent('粗体');
    expect(shown(f('description', { content: '请如实填写' }), undefined)).toHaveTextContent('请如实填写');
  });
});
