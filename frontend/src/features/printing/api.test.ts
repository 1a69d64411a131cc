import { describe, expect, it } from 'vitest';
import { printParams } from './api';
import { JOBS, fileName } from './jobs';

describe('printing', () => {
  it('sends the ids comma separated with the kind, format and size', () => {
    expect(printParams([3, 1, 2], { kind: 'picking', format: 'html', size: 'a4' })).toEqual({ ids: '3,1,2', kind: 'picking', format: 'html', size: 'a4' });
  });
  it('offers a picking list on A4 only, delivery notes on A4 and on a label, each as a print view and a PDF', () => {
    const shown = JOBS.map((j) => `${j.kind}/${j.size}/${j.format}`);
    expect(shown).toEqual(['picking/a4/html', 'delivery/a4/html', 'delivery/label/html', 'picking/a4/pdf', 'delivery/a4/pdf', 'delivery/label/pdf']);
  });
  it('names a PDF by its paper and the time', () => {
    expect(fileName({ kind: 'delivery', format: 'pdf', size: 'label' }, new Date(2026, 10, 28, 9, 5, 7))).toBe('发货单-面单-20261128090507.pdf');
    expect(fileName({ kind: 'picking', format: 'pdf', size: 'a4' }, new Date(2026, 10, 28, 9, 5, 7))).toBe('拣货单-20261128090507.pdf');
  });
});
