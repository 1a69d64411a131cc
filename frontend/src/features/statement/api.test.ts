import { describe, expect, it } from 'vitest';
import { statementFileName } from './api';

describe('statementFileName', () => {
  it('names the download after the agency and the month', () => {
    expect(statementFileName({ agencyName: '杭州云栖商贸有限公司', month: '2026-11' }, 'pdf')).toBe('杭州云栖商贸有限公司 2026-11 对账单.pdf');
  });
});
