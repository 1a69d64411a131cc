import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { RolesSelect, UsersPicker } from './RefPickers';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/dept/list', (config) =>
    Number((config.params as { deptId: number }).deptId) === 0
      ? { status: 200, body: { depts: [{ id: 2, name: '研发部' }], users: [] } }
      : { status: 200, body: { depts: [], users: [{ id: 7, username: 'alice', nickName: '爱丽丝' }] } },
  );
  bff.on('GET /api/roles/all', () => ({ status: 200, body: [{ id: 3, name: '人事' }] }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

describe('pickers keeping names beside IDs', () => {
  it('a person picked by ID comes with the nickname (the picker hands its labels over)', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<UsersPicker label="成员" value={[{ id: 9, name: '老王' }]} onChange={changed} />);
    // a chosen person not loaded yet shows by the name kept with the flow
    expect(await screen.findByText('老王')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    const switcher = (await screen.findByText('研发部')).closest('.ant-select-tree-treenode')!.querySelector('.ant-select-tree-switcher')!;
    await user.click(switcher);
    await user.click(await screen.findByText('爱丽丝（alice）'));
    await waitFor(() =>
      expect(changed).toHaveBeenLastCalledWith([
        { id: 9, name: '老王' },
        { id: 7, name: '爱丽丝' },
      ]),
    );
  });

  it('roles come from /api/roles/all with their names', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<RolesSelect label="角色" value={[]} onChange={changed} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('人事'));
    expect(changed).toHaveBeenLastCalledWith([{ id: 3, name: '人事' }]);
  });
});
