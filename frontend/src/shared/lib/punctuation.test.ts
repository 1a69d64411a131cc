import { describe, expect, it } from 'vitest';
import { sharedMessages, type Messages } from './i18n';

/**
 * Punctuation follows the language (issue 16): no full-width punctuation in an English string,
 * and no ASCII sentence punctuation against a Chinese character in a Chinese one (耗时(ms) is
 * 耗时（ms）). Every message table of the app is read: the shared one and each messages*.ts.
 */
const modules = import.meta.glob<Record<string, unknown>>('/src/**/messages*.ts', { eager: true });

function isTable(v: unknown): v is Messages {
  return (
    !!v &&
    typeof v === 'object' &&
    Object.values(v).length > 0 &&
    Object.values(v).every((x) => Array.isArray(x) && x.length === 2 && x.every((s) => typeof s === 'string'))
  );
}

const tables: [string, Messages][] = [
  ['shared/lib/i18n.ts', sharedMessages],
  ...Object.entries(modules).flatMap(([file, mod]) =>
    Object.entries(mod).filter(([, v]) => isTable(v)).map(([name, v]): [string, Messages] => [`${file} ${name}`, v as Messages]),
  ),
];

/** DECISIONS §2 fixes these Chinese strings as they are (tests assert them): not ours to change. */
const CANONICAL = new Set(['del.confirm', 'upload.tooBig']);

const FULL_WIDTH = /[，。：；！？（）“”、【】《》]/;
const CJK = '\\u3400-\\u9fff';
/** An ASCII , : ; ( ) ! ? right after or right before a Chinese character. */
const ASCII_BY_CJK = new RegExp(`[${CJK}][,:;()!?]|[,:;()!?][${CJK}]`);

/** key → [zh, en] of every table, placeholders ({name}) left out. */
function entries(): [string, string, string][] {
  return tables.flatMap(([where, table]) =>
    Object.entries(table).map(([key, [zh, en]]): [string, string, string] => [`${where}: ${key}`, zh.replace(/\{\w+\}/g, ''), en.replace(/\{\w+\}/g, '')]),
  );
}

describe('punctuation follows the language (issue 16)', () => {
  it('reads the message tables', () => {
    // the shared table, its parts and every feature's: a glob that finds nothing would pass anything
    expect(tables.length).toBeGreaterThan(20);
  });

  it('English strings have no full-width punctuation', () => {
    // a string the same in both languages (DECISIONS: "same text") is not an English sentence
    const bad = entries().filter(([, zh, en]) => en !== zh && FULL_WIDTH.test(en));
    expect(bad.map(([k, , en]) => `${k} = ${en}`)).toEqual([]);
  });

  it('Chinese strings have no ASCII sentence punctuation against Chinese characters', () => {
    const bad = entries().filter(([k, zh]) => !CANONICAL.has(k.split(': ').at(-1)!) && ASCII_BY_CJK.test(zh));
    expect(bad.map(([k, zh]) => `${k} = ${zh}`)).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    expect(FULL_WIDTH.test('Sign out, then in（again）')).toBe(true);
    expect(ASCII_BY_CJK.test('耗时(ms)')).toBe(true);
    expect(ASCII_BY_CJK.test('此操作, 是否继续')).toBe(true);
    expect(ASCII_BY_CJK.test('链接须以 http://、https:// 或 mailto: 开头')).toBe(false);
  });
});
