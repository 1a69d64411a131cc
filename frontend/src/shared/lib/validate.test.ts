import { describe, expect, it } from 'vitest';
import { isEmail, isIdCard, isIp, isIpEntry, isIpList, isMobile } from './validate';
import { emailRules, firstError, idCardRules, ipListRules, ipRules, itemRules, mobileRules, placeholder } from './rules';

describe('validators (docs/decisions.md "System management (issue 4)")', () => {
  it.each([
    ['a@b.cn', true],
    ['first.last+tag@mail.example.com', true],
    ['user_1@x-y.org', true],
    ['', false],
    ['plain', false],
    ['a@b', false],
    ['a@@b.cn', false],
    ['a b@c.cn', false],
    ['a..b@c.cn', false],
    ['@b.cn', false],
  ])('email %j → %s', (s, ok) => expect(isEmail(s)).toBe(ok));

  it.each([
    ['13812345678', true],
    ['19912345678', true],
    ['15000000000', true],
    ['12812345678', false], // second digit 2
    ['10812345678', false],
    ['23812345678', false], // first digit not 1
    ['1381234567', false], // 10 digits
    ['138123456789', false], // 12 digits
    ['1381234567a', false],
    ['', false],
  ])('mobile %j → %s', (s, ok) => expect(isMobile(s)).toBe(ok));

  it.each([
    ['11010519491231002X', true], // GB 11643's own example, check digit X
    ['11010519491231002x', true],
    ['440308199901010012', true],
    ['510108200002291239', true], // 29 February of a leap year
    ['110105194912310021', false], // wrong check digit
    ['440308199901010013', false],
    ['510108200102291230', false], // 29 February 2001 does not exist
    ['440308199913010018', false], // month 13
    ['040308199901010012', false], // starts with 0
    ['44030817990101001X', false], // year 17xx
    ['320311770706001', true], // 15-digit form, born 1977-07-06
    ['320311771306001', false], // 15-digit, month 13
    ['32031177070600', false], // 14 digits
    ['', false],
  ])('ID card %j → %s', (s, ok) => expect(isIdCard(s)).toBe(ok));

  it.each([
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['192.168.1.1', true],
    ['10.0.0.254', true],
    ['256.1.1.1', false],
    ['1.1.1.300', false],
    ['01.1.1.1', false], // leading zero
    ['1.1.1', false],
    ['1.1.1.1.1', false],
    ['1.1.1.', false],
    ['a.b.c.d', false],
    [' 1.1.1.1', false],
    ['-1.1.1.1', false],
  ])('IP %j → %s', (s, ok) => expect(isIp(s)).toBe(ok));

  // the entries the BFF's iplist.Parse takes (bff/internal/platform/iplist/iplist_test.go)
  it.each([
    ['203.0.113.9', true],
    ['10.0.0.0/8', true],
    ['0.0.0.0/0', true],
    ['192.168.1.0/24', true],
    ['2001:db8::1', true],
    ['2001:DB8::/32', true],
    ['::1', true],
    ['::', true],
    ['::ffff:203.0.113.9', true],
    ['1:2:3:4:5:6:7:8', true],
    ['fe80::/10', true],
    ['10.0.0.1/8', false], // host bits set
    ['10.0.0.0/33', false],
    ['10.0.0.0/08', false],
    ['2001:db8::1/32', false], // host bits set
    ['2001:db8::/129', false],
    ['1:2:3:4:5:6:7', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1::2::3', false],
    ['12345::1', false],
    ['fe80::1%eth0', false],
    ['1.2.3.256', false],
    ['abc', false],
    ['', false],
  ])('IP list entry %j → %s', (s, ok) => expect(isIpEntry(s)).toBe(ok));

  it('IP lists: commas, Chinese commas, semicolons or line breaks; empty passes; at most 50', () => {
    expect(isIpList('')).toBe(true);
    expect(isIpList('203.0.113.9, 10.0.0.0/8\n2001:db8::/32；192.168.0.1，172.16.0.0/12')).toBe(true);
    expect(isIpList('203.0.113.9,abc')).toBe(false);
    expect(isIpList(Array(50).fill('10.0.0.1').join(','))).toBe(true);
    expect(isIpList(Array(51).fill('10.0.0.1').join(','))).toBe(false);
  });
});

describe('form rules', () => {
  it('email: required message, then the pattern message', async () => {
    expect(await firstError(emailRules(), '')).toBe('邮箱地址不能为空');
    expect(await firstError(emailRules(), 'nope')).toBe('请输入正确的邮箱地址');
    expect(await firstError(emailRules(), 'a@b.cn')).toBe('');
  });
  it('mobile and ID card: required, then the pattern', async () => {
    expect(await firstError(mobileRules(), '')).toBe('手机号码不能为空');
    expect(await firstError(mobileRules(), '12812345678')).toBe('请输入正确的手机号码');
    expect(await firstError(mobileRules(), '13812345678')).toBe('');
    // optional (the superuser's phone): empty passes, a wrong number does not
    expect(await firstError(mobileRules({ optional: true }), '')).toBe('');
    expect(await firstError(mobileRules({ optional: true }), '12345')).toBe('请输入正确的手机号码');
    expect(await firstError(idCardRules(), '110105194912310021')).toBe('请输入正确的身份证号码');
    expect(await firstError(idCardRules(), '11010519491231002X')).toBe('');
  });
  it('IP is optional', async () => {
    expect(await firstError(ipRules(), '')).toBe('');
    expect(await firstError(ipRules(), undefined)).toBe('');
    expect(await firstError(ipRules(), '1.2.3.256')).toBe('请输入正确的IP地址');
    expect(await firstError(ipListRules(), '')).toBe('');
    expect(await firstError(ipListRules(), '10.0.0.0/8\n1.2.3.256')).toBe('请输入正确的IP地址或网段，多个用逗号或换行分隔（最多50个）');
    expect(await firstError(ipListRules(), '10.0.0.0/8\n2001:db8::1')).toBe('');
  });
  it('items without rules are required; blur for typed inputs, change for the others', async () => {
    const text = itemRules('text');
    expect(text.validateTrigger).toBe('onBlur');
    expect(await firstError(text.rules, '  ')).toBe('该项为必填项，不能为空');
    expect(await firstError(text.rules, 'x')).toBe('');
    for (const kind of ['textarea', 'number', 'password'] as const) expect(itemRules(kind).validateTrigger).toBe('onBlur');
    for (const kind of ['select', 'date', 'dateRange', 'time', 'upload'] as const) {
      expect(itemRules(kind).validateTrigger).toBe('onChange');
      expect(await firstError(itemRules(kind).rules, undefined)).toBe('该项为必填项，不能为空');
    }
    expect(itemRules('text', undefined, true).rules).toEqual([]);
    const own = ipRules();
    expect(itemRules('text', own).rules).toBe(own);
  });
  it('placeholders: 请输入{label} for typed inputs, 请选择{label} for the others', () => {
    expect(placeholder('用户名')).toBe('请输入用户名');
    expect(placeholder('备注', 'textarea')).toBe('请输入备注');
    expect(placeholder('部门', 'select')).toBe('请选择部门');
    expect(placeholder('日期', 'date')).toBe('请选择日期');
  });
});
