import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useSession } from './session';
import { hasPermission, Permission } from './permission';

afterEach(() => useSession.setState({ roles: [] }));

describe('Permission', () => {
  it('shows children only to a holder of one listed permission, and always to admin', () => {
    expect(hasPermission(['user:list'], ['user:add', 'user:list'])).toBe(true);
    expect(hasPermission(['user:list'], ['user:add'])).toBe(false);
    expect(hasPermission(['admin'], ['anything:at-all'])).toBe(true);
    expect(hasPermission([], ['user:add'])).toBe(false);

    useSession.setState({ roles: ['user:edit'] });
    render(
      <>
        <Permission roles={['user:add']}>
          <button>新增</button>
        </Permission>
        <Permission roles={['user:del', 'user:edit']}>
          <button>编辑</button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.getByRole('button', { name: '编辑' })).toBeInTheDocument();
  });

  it('throws on an empty list', () => {
    expect(() => hasPermission(['admin'], [])).toThrow(/need roles/);
  });
});
