import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
import DeptPage from './DeptPage';

let bff: FakeBff;
const tree = [
  { id: 2, pid: 0, name: '运营部', deptSort: 1, enabled: true, createTime: '2026-11-20 10:00:00', leaders: [{ id: 5, name: '王五' }, { id: 6, name: '赵六' }] },
  { id: 3, pid: 0, name: '研发部', deptSort: 2, enabled: true, createTime: '2026-11-20 10:00:00', leaders: [] },
];

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/dept', () => ({ status: 200, body: { content: tree, totalElements: 2 } }));
  bff.on('GET /api/dept/list', () => ({ status: 200, body: { depts: [], users: [] } }));
  bff.on('PUT /api/dept', () => ({ status: 204, body: '' }));
  client.axios.defaults.adapter = bff.adapter;
  useSession.setState({ roles: ['admin'] });
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

describe('部门管理: 负责人', () => {
  it('shows the heads by name and sends them back as leaders: [userId]', async () => {
    renderRoute('/system/dept', '/system/dept', <DeptPage />);
    expect(await screen.findByText('王五、赵六')).toBeInTheDocument();
    const row = screen.getByText('运营部').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /编\s?辑/ }));
    // the chosen heads show by name before the picker has loaded their department
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('王五')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(bff.calls.find((c) => c.method === 'PUT')?.data));
    expect(body).toMatchObject({ id: 2, name: '运营部', leaders: [5, 6] });
  });
});
