import { describe, expect, it } from 'vitest';
import { firstError } from '@/shared/lib/rules';
import { acceptTypes, cleanData, defaultsOf, fieldRules, isBlankHtml, isEmpty, permOf, precisionOf, textMax } from './logic';
import type { Field } from './types';

const f = (over: Partial<Field> & Pick<Field, 'key' | 'type'>): Field => ({ label: over.key, ...over });

describe('form model helpers', () => {
  it('empty is nothing, blank text or an empty list; 0 and false are answers', () => {
    expect([undefined, null, '', '  ', []].map(isEmpty)).toEqual([true, true, true, true, true]);
    expect([0, false, 'x', [1]].map(isEmpty)).toEqual([false, false, false, false]);
  });

  it('defaults come from the value fields that have one', () => {
    const fields = [
      f({ key: 'a', type: 'text', default: 'x' }),
      f({ key: 'b', type: 'number', default: 0 }),
      f({ key: 'c', type: 'select' }),
      f({ key: 'd', type: 'description', default: 'never' }),
      f({ key: 'e', type: 'select', multiple: true, default: [] }),
    ];
    expect(defaultsOf(fields)).toEqual({ a: 'x', b: 0 });
  });

  it('cleans data: schema keys only, trimmed text, empty left out, hidden dropped, picked approvers kept', () => {
    const fields = [
      f({ key: 'title', type: 'text' }),
      f({ key: 'memo', type: 'textarea' }),
      f({ key: 'n', type: 'number' }),
      f({ key: 'secret', type: 'text' }),
      f({ key: 'note', type: 'description' }),
      f({ key: 'body', type: 'richtext' }),
      f({ key: 'files', type: 'upload' }),
      f({ key: 'range', type: 'dateRange' }),
    ];
    const values = {
      title: '  出差  ',
      memo: '   ',
      n: 0,
      secret: 'x',
      note: 'ignored',
      body: '<p></p>',
      files: [3, 4],
      range: ['2026-12-01', '2026-12-03'],
      stray: 'dropped',
      __approvers_n3: [7],
      __approvers_n4: [],
    };
    expect(cleanData(fields, values, { secret: 'hidden' })).toEqual({
      title: '出差',
      n: 0,
      files: [3, 4],
      range: ['2026-12-01', '2026-12-03'],
      __approvers_n3: [7],
    });
  });

  it('rich text without text or picture is blank', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="a.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });

  it('required fails on an empty value of any kind', async () => {
    const rules = fieldRules(f({ key: 'a', type: 'select', required: true, multiple: true }));
    expect(await firstError(rules, [])).toBe('该项为必填项，不能为空');
    expect(await firstError(rules, ['1'])).toBe('');
    expect(await firstError(fieldRules(f({ key: 'r', type: 'richtext', required: true })), '<p> </p>')).toBe('该项为必填项，不能为空');
    expect(await firstError(fieldRules(f({ key: 'o', type: 'text' })), '')).toBe('');
  });

  it('text length: min/max from the schema, else 200 and 2000', async () => {
    expect(textMax(f({ key: 't', type: 'text' }))).toBe(200);
    expect(textMax(f({ key: 't', type: 'textarea' }))).toBe(2000);
    const rules = fieldRules(f({ key: 't', type: 'text', min: 2, max: 4 }));
    expect(await firstError(rules, 'a')).toBe('长度须在 2 到 4 个字符之间');
    expect(await firstError(rules, 'abcde')).toBe('长度须在 2 到 4 个字符之间');
    expect(await firstError(rules, ' abc ')).toBe('');
  });

  it('number bounds and decimals; amount is always two decimals', async () => {
    const n = fieldRules(f({ key: 'n', type: 'number', min: 1, max: 10, precision: 1 }));
    expect(await firstError(n, 0)).toBe('不能小于 1');
    expect(await firstError(n, 11)).toBe('不能大于 10');
    expect(await firstError(n, 1.25)).toBe('最多 1 位小数');
    expect(await firstError(n, 1.1)).toBe('');
    expect(precisionOf(f({ key: 'a', type: 'amount', precision: 4 }))).toBe(2);
    expect(precisionOf(f({ key: 'n', type: 'number' }))).toBe(0);
    const amount = fieldRules(f({ key: 'a', type: 'amount' }));
    expect(await firstError(amount, 19.99)).toBe('');
    expect(await firstError(amount, 0.125)).toBe('最多 2 位小数');
  });

  it('permission: perms say, else edit; disabled turns edit into read but keeps hidden', () => {
    expect(permOf('a')).toBe('edit');
    expect(permOf('a', { a: 'read' })).toBe('read');
    expect(permOf('a', { a: 'hidden' }, true)).toBe('hidden');
    expect(permOf('a', {}, true)).toBe('read');
  });

  it('upload accept becomes extensions', () => {
    expect(acceptTypes(undefined)).toBeUndefined();
    expect(acceptTypes('.PDF, application/msword')).toEqual(['pdf', 'msword']);
    expect(acceptTypes('image/*')).toContain('png');
  });
});
