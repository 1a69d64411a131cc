import { describe, expect, it } from 'vitest';
import * as m from './model';

const items = (...keys: string[]): m.Item[] => keys.map((key, i) => ({ uid: `u${i}`, field: { key, type: 'text', label: key } }));

describe('designer model', () => {
  it('a new field gets the first free key of its type and the type name as label', () => {
    const list = items('text_1', 'text_3');
    expect(m.newField('text', list)).toEqual({ key: 'text_2', type: 'text', label: '单行文本' });
    expect(m.newField('select', []).options).toEqual([{ label: '选项1', value: '1' }]);
    expect(m.newField('description', [])).toMatchObject({ label: '', content: '说明文字' });
    expect(m.newField('upload', [])).toMatchObject({ maxCount: 1, maxSizeMB: 5 });
  });

  it('inserts, moves, patches, removes', () => {
    const list = items('a', 'b', 'c');
    const added = m.insertAt(list, { uid: 'x', field: { key: 'x', type: 'date', label: 'x' } }, 1);
    expect(added.map((i) => i.field.key)).toEqual(['a', 'x', 'b', 'c']);
    expect(m.insertAt(list, added[1], 99).at(-1)?.field.key).toBe('x');
    expect(m.move(list, 0, 2).map((i) => i.field.key)).toEqual(['b', 'c', 'a']);
    expect(m.move(list, 0, 5)).toBe(list);
    const patched = m.patch(list, 'u1', { label: 'B', placeholder: undefined, required: true });
    expect(patched[1].field).toEqual({ key: 'b', type: 'text', label: 'B', required: true });
    expect(m.remove(list, 'u1').map((i) => i.field.key)).toEqual(['a', 'c']);
  });

  it('duplicates right after the original under a free key', () => {
    const { items: next, copy } = m.duplicate(items('text_1', 'b'), 'u0');
    expect(next.map((i) => i.field.key)).toEqual(['text_1', 'text_2', 'b']);
    expect(copy?.uid).not.toBe('u0');
    expect(m.duplicate(items('a'), 'none').copy).toBeUndefined();
  });

  it('checks keys: the pattern, then used once', () => {
    expect(m.keyProblems(items('a', 'a', '1x', 'ok_2', ''))).toEqual({ u0: 'taken', u1: 'taken', u2: 'pattern', u4: 'pattern' });
    expect(m.keyProblems(items('a', 'b'))).toEqual({});
  });

  it('says what stops a save: the name, too many fields, bad keys', () => {
    expect(m.saveProblem(' ', items('a'))).toBe('请填写表单名称');
    expect(m.saveProblem('报销', items('a', 'a', 'b'))).toBe('字段标识有误或重复：a');
    expect(m.saveProblem('报销', items(...Array.from({ length: 51 }, (_, i) => `k${i}`)))).toBe('最多 50 个控件');
    expect(m.saveProblem('报销', items('a', 'b'))).toBe('');
  });

  it('saves only what was set: blank optional text is left out, a blank dict stays for the server to refuse', () => {
    const list: m.Item[] = [{ uid: 'u', field: { key: 's', type: 'select', label: '', placeholder: '', dict: '' } }];
    expect(m.toFields(list)).toEqual([{ key: 's', type: 'select', label: '', dict: '' }]);
  });

  it('bounds: min may not pass max', () => {
    expect(m.boundsOk({ key: 'n', type: 'number', label: 'n', min: 5, max: 1 })).toBe(false);
    expect(m.boundsOk({ key: 'n', type: 'number', label: 'n', min: 1 })).toBe(true);
  });
});
