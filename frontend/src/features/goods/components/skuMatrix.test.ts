import { describe, expect, it } from 'vitest';
import { batchFill, buildSkus, matrixProblems, skuCount, specText, toDraft, toSkus, withCodes, type SkuDraft } from './skuMatrix';

const colours = { name: '颜色', values: ['红', '蓝'] };
const sizes = { name: '尺码', values: ['S', 'M'] };
const edited = (rows: SkuDraft[], spec: string, next: Partial<SkuDraft>) => rows.map((r) => (specText(r.specs) === spec ? { ...r, ...next } : r));

describe('buildSkus', () => {
  it('is the cartesian product of the dimensions, in the order of their values', () => {
    expect(buildSkus([colours, sizes], []).map((r) => specText(r.specs))).toEqual(['红 / S', '红 / M', '蓝 / S', '蓝 / M']);
  });

  it('has no rows without dimensions, and skips a dimension with no values yet', () => {
    expect(buildSkus([], [])).toEqual([]);
    expect(buildSkus([colours, { name: '尺码', values: [] }], []).map((r) => r.specs)).toEqual([['红'], ['蓝']]);
  });

  it('keeps the rows that still exist when a value is added or removed', () => {
    let rows = buildSkus([colours, sizes], []);
    rows = edited(rows, '红 / M', { code: 'A-RM', price: '19.90', stock: '5', id: 7 });
    rows = edited(rows, '蓝 / S', { code: 'A-BS', price: '9.90' });

    const added = buildSkus([colours, { ...sizes, values: ['S', 'M', 'L'] }], rows);
    expect(added).toHaveLength(6);
    expect(added.find((r) => specText(r.specs) === '红 / M')).toMatchObject({ id: 7, code: 'A-RM', price: '19.90', stock: '5' });
    expect(added.find((r) => specText(r.specs) === '红 / L')).toMatchObject({ code: '', price: '', stock: '', lowStock: '10', onSale: true });

    const removed = buildSkus([{ ...colours, values: ['蓝'] }, sizes], added);
    expect(removed.map((r) => [specText(r.specs), r.code])).toEqual([
      ['蓝 / S', 'A-BS'],
      ['蓝 / M', ''],
    ]);
  });

  it('renaming a dimension keeps every row: rows are keyed by their values', () => {
    const rows = edited(buildSkus([colours], []), '红', { price: '1.00' });
    expect(buildSkus([{ ...colours, name: '顏色' }], rows)[0].price).toBe('1.00');
  });
});

describe('batch fill and codes', () => {
  it('fills every row with the values given and leaves the empty ones alone', () => {
    const rows = edited(buildSkus([colours], []), '红', { cost: '3.00' });
    const filled = batchFill(rows, { price: ' 12.5 ', cost: '', stock: '100', lowStock: '5' });
    expect(filled.map((r) => [r.price, r.cost, r.stock, r.lowStock])).toEqual([
      ['12.5', '3.00', '100', '5'],
      ['12.5', '', '100', '5'],
    ]);
  });

  it('offers goodsCode-n for an empty SKU code', () => {
    const rows = edited(buildSkus([colours, sizes], []), '红 / M', { code: 'OWN' });
    expect(withCodes(rows, 'CUP').map((r) => r.code)).toEqual(['CUP-1', 'OWN', 'CUP-3', 'CUP-4']);
  });
});

describe('matrixProblems', () => {
  const valid = (rows: SkuDraft[]) => batchFill(rows, { price: '10', stock: '1', lowStock: '0' });

  it('a filled table has none', () => {
    expect(matrixProblems({ specs: [colours, sizes], rows: valid(buildSkus([colours, sizes], [])) }, 'CUP')).toEqual([]);
  });

  it('names the dimensions without a name, with a taken name or without values', () => {
    const specs = [colours, { name: ' ', values: ['x'] }, { name: '颜色', values: [] }];
    expect(matrixProblems({ specs, rows: [] }, 'CUP').map((p) => p.kind)).toEqual(['specName', 'specNameTaken', 'specValues']);
  });

  it('SKU编码 is required (without a goods code to offer one) and unique in the table', () => {
    const rows = valid(buildSkus([colours], []));
    expect(matrixProblems({ specs: [colours], rows }, '')).toEqual([
      { kind: 'required', row: 0, field: 'code' },
      { kind: 'required', row: 1, field: 'code' },
    ]);
    // CUP-2 typed on the first row is what the second row is offered
    expect(matrixProblems({ specs: [colours], rows: edited(rows, '红', { code: 'CUP-2' }) }, 'CUP')).toEqual([
      { kind: 'codeTaken', row: 0, field: 'code', code: 'CUP-2' },
      { kind: 'codeTaken', row: 1, field: 'code', code: 'CUP-2' },
    ]);
  });

  it('codes differing only in case are one code, as the BFF compares them', () => {
    const rows = edited(edited(valid(buildSkus([colours], [])), '红', { code: 'cup-a' }), '蓝', { code: 'CUP-A' });
    expect(matrixProblems({ specs: [colours], rows }, 'CUP').map((p) => p.kind)).toEqual(['codeTaken', 'codeTaken']);
  });

  it('takes 20 values a dimension and 200 SKUs at most', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const specs = [
      { name: 'a', values: values(21) },
      { name: 'b', values: values(10) },
    ];
    expect(skuCount(specs)).toBe(210);
    expect(matrixProblems({ specs, rows: [] }, 'CUP')).toEqual([
      { kind: 'tooManyValues', spec: 0 },
      { kind: 'tooManySkus', count: 210 },
    ]);
  });

  it('money not below 0 with two decimals at most, counts whole and not below 0', () => {
    const rows = edited(valid(buildSkus([colours], [])), '红', { price: '-1', cost: '1.234', stock: '1.5', lowStock: '' });
    expect(matrixProblems({ specs: [colours], rows }, 'CUP').map((p) => ('field' in p ? `${p.kind}:${p.field}` : p.kind))).toEqual([
      'money:price',
      'money:cost',
      'integer:stock',
      'required:lowStock',
    ]);
  });
});

describe('to and from the BFF', () => {
  it('sends yuan text with two decimals and counts as numbers; reads them back as rows', () => {
    const rows = batchFill(buildSkus([colours], []), { price: '12.5', stock: '20', lowStock: '3' });
    const skus = toSkus(rows, 'CUP');
    expect(skus[1]).toEqual({ id: undefined, code: 'CUP-2', barcode: '', specs: ['蓝'], price: '12.50', cost: '0.00', stock: 20, lowStock: 3, onSale: true });
    expect(buildSkus([colours], skus.map((s, i) => ({ ...s, id: i + 1 })).map(toDraft)).map((r) => [r.id, r.price, r.stock])).toEqual([
      [1, '12.50', '20'],
      [2, '12.50', '20'],
    ]);
  });
});
