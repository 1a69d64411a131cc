import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fillText, isSystemVar, previewValues, sampleValues } from './templateFill';

describe('template preview values', () => {
  const samples = sampleValues({ agencyName: '示例渠道有限公司', contactPerson: '张三' }, 12, dayjs('2026-11-28'));

  it('knows the variables the system fills', () => {
    expect(isSystemVar('agencyName')).toBe(true);
    expect(isSystemVar('amount')).toBe(true);
    expect(isSystemVar('rate')).toBe(false);
    expect(isSystemVar(undefined)).toBe(false);
  });

  it('fills the system variables with samples and the others with what was typed', () => {
    expect(samples).toMatchObject({ agencyName: '示例渠道有限公司', startDate: '2026-11-28', endDate: '2027-11-27' });
    const values = previewValues(
      [
        { key: 'agencyName', label: '渠道名称', value: 'typed, ignored' },
        { key: 'rate', label: '佣金', value: '5%' },
        { key: 'region', label: '区域' },
        undefined,
      ],
      samples,
    );
    expect(values).toEqual({ agencyName: '示例渠道有限公司', rate: '5%', region: '' });
  });

  it('replaces {{key}} and {key} of declared variables, leaves other braces as text', () => {
    const pieces = fillText('甲方：{{ agencyName }}，佣金{rate}，{{region}}，{{unknown}} {x', { agencyName: '示例渠道有限公司', rate: '5%', region: '' });
    expect(pieces).toEqual([
      { text: '甲方：' },
      { key: 'agencyName', value: '示例渠道有限公司' },
      { text: '，佣金' },
      { key: 'rate', value: '5%' },
      { text: '，' },
      { key: 'region', value: '' },
      { text: '，{{unknown}} {x' },
    ]);
  });
});
