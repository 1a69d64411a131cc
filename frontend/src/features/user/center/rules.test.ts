import { describe, expect, it } from 'vitest';
import type { Rule, RuleObject } from 'antd/es/form';
import { checkAvatar, confirmRules, genderRules, newPassRules, nickNameRules, oldPassRules, phoneRules } from './rules';

/** Runs rules the way antd does for one field of a form holding values; the first failure's message. */
async function errorOf(rules: Rule[], name: string, values: Record<string, unknown>): Promise<string> {
  const value = values[name];
  const form = { getFieldValue: (n: string) => values[n] };
  for (const r of rules) {
    const rule: RuleObject = typeof r === 'function' ? r(form as never) : r;
    const s = value === undefined || value === null ? '' : String(value);
    if (rule.required && (rule.whitespace ? s.trim() : s) === '') return String(rule.message);
    if (s !== '' && ((rule.min !== undefined && s.length < rule.min) || (rule.max !== undefined && s.length > rule.max))) {
      return String(rule.message);
    }
    if (rule.validator) {
      try {
        await rule.validator(rule, value, () => undefined);
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    }
  }
  return '';
}

describe('personal center rules', () => {
  it('requires a nick name of at most 64 characters', async () => {
    expect(await errorOf(nickNameRules(), 'n', { n: '  ' })).toBe('该项为必填项，不能为空');
    expect(await errorOf(nickNameRules(), 'n', { n: 'x'.repeat(65) })).toBe('长度必须在1到64个字符之间');
    expect(await errorOf(nickNameRules(), 'n', { n: '小张' })).toBe('');
  });

  it('requires a gender and a well-formed mobile number', async () => {
    expect(await errorOf(genderRules(), 'g', {})).toBe('该项为必填项，不能为空');
    expect(await errorOf(phoneRules(), 'p', { p: '' })).toBe('手机号码不能为空');
    expect(await errorOf(phoneRules(), 'p', { p: '12812345678' })).toBe('请输入正确的手机号码');
    expect(await errorOf(phoneRules(), 'p', { p: '1391234567' })).toBe('请输入正确的手机号码');
    expect(await errorOf(phoneRules(), 'p', { p: '13912345678' })).toBe('');
  });

  it('checks the new password against the old one and the confirmation against the new one', async () => {
    expect(await errorOf(oldPassRules(), 'oldPass', {})).toBe('该项为必填项，不能为空');
    expect(await errorOf(newPassRules(), 'newPass', { newPass: '12345' })).toBe('长度必须在6到72个字符之间');
    expect(await errorOf(newPassRules(), 'newPass', { oldPass: 'same-pass', newPass: 'same-pass' })).toBe('新密码不能与旧密码相同');
    expect(await errorOf(newPassRules(), 'newPass', { oldPass: 'old-pass', newPass: 'new-pass' })).toBe('');
    expect(await errorOf(confirmRules(), 'confirmPass', { newPass: 'new-pass', confirmPass: 'new-pas' })).toBe('两次输入的密码不一致');
    expect(await errorOf(confirmRules(), 'confirmPass', { newPass: 'new-pass', confirmPass: 'new-pass' })).toBe('');
  });

  it('takes raster pictures up to 2 MB as avatars', () => {
    expect(checkAvatar({ name: 'me.png', size: 2 * 1024 * 1024 })).toBe('');
    expect(checkAvatar({ name: 'me.JPG', size: 10 })).toBe('');
    expect(checkAvatar({ name: 'me.png', size: 2 * 1024 * 1024 + 1 })).toBe('上传图片大小不能超过 2 MB!');
    expect(checkAvatar({ name: 'me.svg', size: 10 })).toMatch(/^只能上传 png, jpg/);
    expect(checkAvatar({ name: 'me.pdf', size: 10 })).not.toBe('');
  });
});
