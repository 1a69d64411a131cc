import { describe, expect, it } from 'vitest';
import { batchProblem } from './batch';

describe('batchProblem', () => {
  it('takes todos of one form only', () => {
    expect(batchProblem([])).toBe('none');
    expect(batchProblem([{ formId: 1 }, { formId: 1 }])).toBeNull();
    expect(batchProblem([{ formId: 1 }, { formId: 2 }])).toBe('mixed');
  });
});
