import { describe, expect, it } from 'vitest';
import { Perm } from './permissions';

describe('generated permissions', () => {
  it('name the BFF permission strings', () => {
    expect(Perm.UserEdit).toBe('user:edit');
    expect(Perm.OnlineDel).toBe('online:del');
    expect(Perm.LeaveBatch).toBe('leave:batch');
    expect(new Set(Object.values(Perm)).size).toBe(Object.keys(Perm).length);
  });
});
