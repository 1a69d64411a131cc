import { describe, expect, it } from 'vitest';
import { fieldsFromCard, isCreditCode } from './logic';

describe('isCreditCode', () => {
  it.each([
    ['91350100M000100Y43', true],
    ['91110000600037341L', true],
    ['91110000MA00000240', true],
    ['91350100M000100Y44', false],
    ['91350100O000100Y43', false],
    ['81350100M000100Y4X', false],
    ['91350100M000100Y4', false],
  ])('%s → %s', (code, ok) => expect(isCreditCode(code)).toBe(ok));
});

describe('fieldsFromCard', () => {
  const card = { name: '王小明', number: '110101199003070011', gender: '男', ethnicity: '汉', birth: '', address: '', authority: '', validity: '' };
  it('fills the representative from the front only', () => {
    expect(fieldsFromCard(card, 'front')).toEqual({ legalPerson: '王小明', idNumber: '110101199003070011' });
    expect(fieldsFromCard(card, 'back')).toEqual({});
  });
});
