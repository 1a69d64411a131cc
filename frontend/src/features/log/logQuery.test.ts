import { describe, expect, it } from 'vitest';
import { toFilters } from '@/shared/ui/table';
import { logQuery } from './LogPage';

describe('操作日志 query', () => {
  it('sends the range as createTime=from&createTime=to, the result as a boolean, and leaves out what is empty', () => {
    const filters = toFilters({ username: ' admin ', action: '用户', success: 'false', createDate: ['2026-11-01 00:00:00', '2026-11-21 23:59:59'], blurry: '' });
    expect(logQuery({ page: 0, size: 10, filters })).toEqual({
      page: 0,
      size: 10,
      blurry: undefined,
      username: 'admin',
      action: '用户',
      success: false,
      createTime: ['2026-11-01 00:00:00', '2026-11-21 23:59:59'],
    });
    expect(logQuery({ page: 2, size: 20, filters: {} })).toEqual({ page: 2, size: 20, blurry: undefined, username: undefined, action: undefined, success: undefined, createTime: undefined });
  });
});
