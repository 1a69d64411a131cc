import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { refundCase } from './api';
import { caseDetail, caseRow } from './testkit';

let bff: FakeBff;

beforeEach(() => {
  bff = fakeBff();
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

describe('refundCase', () => {
  it('tells a 202 (a 退款审批 was started) from a 200, and still parses the case', async () => {
    let status = 202;
    bff.on('POST /api/aftersales/3/refund', () => ({ status, body: JSON.stringify(caseDetail(caseRow(3, 'refunding'))) }));
    const pending = await refundCase(3, { provider: 'gateway' });
    expect(pending.approving).toBe(true);
    expect(pending.detail.caseNo).toBe('AS3');
    status = 200;
    const paid = await refundCase(3, { provider: 'gateway' });
    expect(paid.approving).toBe(false);
    expect(paid.detail.items[0].goodsName).toBe('马克杯');
  });
});
