import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { type ExportColumn, exportBody, exportFileName, keepsOneColumn, PAGE_SIZES, DEFAULT_PAGE, DEFAULT_PAGE_SIZE, serialNo, toFilters, toSelected, toSort, withSearchPlaceholders } from './logic';

describe('data table rules', () => {
  it('pages start at 1 with 10 rows; sizes 10/15/20/30', () => {
    expect([DEFAULT_PAGE, DEFAULT_PAGE_SIZE]).toEqual([1, 10]);
    expect(PAGE_SIZES).toEqual([10, 15, 20, 30]);
  });
  it.each([
    [1, 10, 0, 1],
    [1, 10, 9, 10],
    [2, 10, 0, 11],
    [3, 15, 4, 35],
  ])('serial number on page %i of size %i, row %i = %i', (p, s, i, n) => expect(serialNo(p, s, i)).toBe(n));

  it('selected rows keep id, pkId (or the id) and the row', () => {
    const rows = [{ sessionId: 'a', x: 1 }, { sessionId: 'b', pkId: 7 }];
    expect(toSelected(rows, 'sessionId')).toEqual([
      { id: 'a', pkId: 'a', item: rows[0] },
      { id: 'b', pkId: 7, item: rows[1] },
    ]);
  });

  it('filters: empties dropped, text trimmed, createDate and createDate1 split into their bounds', () => {
    expect(
      toFilters({
        name: '  苹果 ',
        blank: '  ',
        none: undefined,
        nothing: null,
        status: 0,
        on: false,
        createDate: [dayjs('2026-01-01 00:00:00'), dayjs('2026-01-31 23:59:59')],
        createDate1: ['2026-02-01 00:00:00', '2026-02-02 00:00:00'],
      }),
    ).toEqual({
      name: '苹果',
      status: 0,
      on: false,
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-31 23:59:59',
      groundingStartTime: '2026-02-01 00:00:00',
      groundingEndTime: '2026-02-02 00:00:00',
    });
    expect(toFilters({ createDate: null })).toEqual({});
  });

  it('export body: headers and fields of the shown, exportable columns, the filters and the ids', () => {
    const cols = [
      { key: 'username', title: '用户名', exportable: true },
      { key: 'ip', title: 'IP', exportable: true },
      { key: 'current', title: '会话', exportable: false },
    ];
    expect(exportBody(cols, new Set(['ip']), { filter: 'ad' }, ['s1'])).toEqual({
      filter: 'ad',
      headers: ['用户名'],
      fields: ['username'],
      ids: ['s1'],
    });
    expect(exportBody(cols, new Set(), {})).toEqual({ headers: ['用户名', 'IP'], fields: ['username', 'ip'] });
    expect(exportFileName('在线用户')).toBe('在线用户数据.xlsx');
    // a column exported as two fields (快递: company and number) goes or stays as one
    const express: ExportColumn[] = [
      { key: 'expressCompany', title: '快递公司', exportable: true, column: 'trackingNo' },
      { key: 'trackingNo', title: '快递单号', exportable: true, column: 'trackingNo' },
    ];
    expect(exportBody(express, new Set(), {})).toEqual({ headers: ['快递公司', '快递单号'], fields: ['expressCompany', 'trackingNo'] });
    expect(exportBody(express, new Set(['trackingNo']), {})).toEqual({ headers: [], fields: [] });
  });

  it('at least one column stays visible', () => {
    expect(keepsOneColumn(['a', 'b'], { a: { show: false } })).toBe(true);
    expect(keepsOneColumn(['a', 'b'], { a: { show: false }, b: { show: false } })).toBe(false);
    expect(keepsOneColumn(['a'], {})).toBe(true);
  });
  it('sends a column sort as field,asc|desc and drops a cleared one', () => {
    expect(toSort({ price: 'descend', stock: 'ascend', createTime: null })).toEqual(['price,desc', 'stock,asc']);
    expect(toSort(undefined)).toEqual([]);
  });
});

describe('search field placeholders (seed-spec §5)', () => {
  it('typed fields ask 请输入{title}, picked ones 请选择{title}; ranges, own placeholders and unsearched columns stay', () => {
    const out = withSearchPlaceholders([
      { title: '用户名' },
      { title: '状态', valueType: 'select', fieldProps: { allowClear: true } },
      { title: '创建时间', valueType: 'dateTimeRange' },
      { title: '编号', fieldProps: { placeholder: '订单号或编号' } },
      { title: '邮箱', search: false },
      { title: '部门', hideInSearch: true },
    ]);
    expect(out.map((c) => (c.fieldProps as { placeholder?: string } | undefined)?.placeholder)).toEqual([
      '请输入用户名',
      '请选择状态',
      undefined,
      '订单号或编号',
      undefined,
      undefined,
    ]);
    expect(out[1].fieldProps).toMatchObject({ allowClear: true });
  });
});

// issue 33: 字典管理's keyword box was ~90 px, a third of half the page
describe('search fields a row, by the form’s own width', () => {
  it('three in a wide list, two in half of a 1366 px page, one on a phone; unmeasured: the window decides', async () => {
    const { fieldsPerRow } = await import('./SearchForm');
    expect(fieldsPerRow(985)).toBe(3);
    expect(fieldsPerRow(485)).toBe(2);
    expect(fieldsPerRow(300)).toBe(1);
    expect(fieldsPerRow(0)).toBe(0);
  });
});
