import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
import CategoryPage from './CategoryPage';
import { heightOf, levelOf, parentOptions, type CategoryNode } from './api';

let bff: FakeBff;
const at = '2026-11-28 10:00:00';
const tee: CategoryNode = { id: 3, pid: 2, name: 'T恤', nameEn: '', code: 'men-tee', sort: 1, enabled: true, createTime: at };
const men: CategoryNode = { id: 2, pid: 1, name: '男装', nameEn: 'Menswear', code: 'men', sort: 1, enabled: true, createTime: at, children: [tee] };
const tree: CategoryNode[] = [
  { id: 1, pid: 0, name: '服装', nameEn: 'Clothing', code: 'clothing', sort: 1, enabled: true, createTime: at, children: [men] },
  { id: 4, pid: 0, name: '食品', nameEn: 'Food', code: 'food', sort: 2, enabled: true, createTime: at },
];

const sent = (method: string) => JSON.parse(String(bff.calls.find((c) => c.method === method)?.data));
const rowOf = (name: string) => screen.getByText(name, { selector: 'td, td *' }).closest('tr')!;

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/categories', () => ({ status: 200, body: { content: tree, totalElements: 4 } }));
  bff.on('POST /api/categories', () => ({ status: 201, body: { id: 9 } }));
  bff.on('PUT /api/categories', () => ({ status: 204, body: '' }));
  client.axios.defaults.adapter = bff.adapter;
  useSession.setState({ roles: ['admin'] });
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

describe('商品分类', () => {
  it('draws the tree open, and 新增下级 adds under that row: only above the third level', async () => {
    renderRoute('/mall/category', '/mall/category', <CategoryPage />);
    expect(await screen.findByText('T恤')).toBeInTheDocument(); // three levels, drawn open
    expect(within(rowOf('T恤')).queryByRole('button', { name: '新增下级' })).toBeNull();
    fireEvent.click(within(rowOf('男装')).getByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入分类名称'), { target: { value: 'Polo衫' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入分类编码'), { target: { value: 'men-polo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sent('POST')).toEqual({ pid: 2, name: 'Polo衫', nameEn: '', code: 'men-polo', sort: 999, enabled: true });
  });

  it('edits a category with its code fixed, and switches one off after asking', async () => {
    renderRoute('/mall/category', '/mall/category', <CategoryPage />);
    await screen.findByText('T恤');
    fireEvent.click(within(rowOf('男装')).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('请输入分类编码')).toBeDisabled();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入分类名称'), { target: { value: '男士' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent('PUT')).toEqual({ id: 2, pid: 1, name: '男士', nameEn: 'Menswear', code: 'men', sort: 1, enabled: true });

    bff.calls.length = 0;
    fireEvent.click(within(rowOf('服装')).getByRole('switch'));
    const confirm = (await screen.findByText(/停用后新增或编辑商品时不能再选择该分类/)).closest('.ant-modal-content') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent('PUT')).toMatchObject({ id: 1, code: 'clothing', enabled: false });
  });

  it('offers as parents only the places where the category still fits three levels', () => {
    expect(heightOf(men)).toBe(2);
    expect(levelOf(tree, 3)).toBe(3);
    // 男装 (two levels) fits under a top category only; never under itself
    const forMen = parentOptions(tree, men);
    expect(forMen.map((o) => [o.title, !!o.disabled])).toEqual([
      ['服装', false],
      ['食品', false],
    ]);
    expect(forMen[0].children).toBeUndefined(); // 男装 itself, with T恤, is left out
    // a new category may go under a second level, not a third
    const forNew = parentOptions(tree);
    expect(forNew[0].children?.[0]).toMatchObject({ title: '男装', disabled: false });
    expect(forNew[0].children?.[0].children?.[0]).toMatchObject({ title: 'T恤', disabled: true });
  });
});
