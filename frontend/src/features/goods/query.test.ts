import { describe, expect, it } from 'vitest';
import { searchFromQuery, toFile, toPath } from './query';

describe('the goods list preset by the URL', () => {
  it('reads the API names into the search form', () => {
    const q = new URLSearchParams(
      'status=on_sale&category=food&blurry=%20tea%20&agencyId=3&startTime=2026-11-01&endTime=2026-11-23 23:59:59' +
        '&groundingStartTime=2026-11-02&groundingEndTime=2026-11-03&lowStock=1',
    );
    expect(searchFromQuery(q)).toEqual({
      status: 'on_sale',
      category: 'food',
      blurry: 'tea',
      agencyId: '3',
      lowStock: '1',
      createDate: ['2026-11-01', '2026-11-23'],
      createDate1: ['2026-11-02', '2026-11-03'],
    });
  });

  it('drops what the form could not show', () => {
    const q = new URLSearchParams('status=sold&agencyId=-1&lowStock=yes&startTime=2026-11-01&groundingStartTime=x&groundingEndTime=y');
    expect(searchFromQuery(q)).toEqual({});
  });

  it('keeps a picture path through the Upload list', () => {
    const f = toFile('/api/files/abc.png');
    expect(f.originalName).toBe('abc.png');
    expect(toPath(f)).toBe('/api/files/abc.png');
  });
});
