import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { CategorySelect, categoryOptions, categoryPaths, type CategoryNode } from '.';

const at = '2026-11-28 10:00:00';
const tree: CategoryNode[] = [
  {
    id: 1,
    pid: 0,
    name: '服装',
    nameEn: 'Clothing',
    code: 'clothing',
    sort: 1,
    enabled: true,
    createTime: at,
    children: [
      {
        id: 2,
        pid: 1,
        name: '男装',
        nameEn: 'Menswear',
        code: 'men',
        sort: 1,
        enabled: false,
        createTime: at,
        children: [{ id: 3, pid: 2, name: 'T恤', nameEn: '', code: 'men-tee', sort: 1, enabled: true, createTime: at }],
      },
      { id: 4, pid: 1, name: '女装', nameEn: 'Womenswear', code: 'women', sort: 2, enabled: true, createTime: at },
    ],
  },
];

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/categories/tree', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: tree };
  });
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

function wrap(node: ReactNode) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>{node}</AntApp>
    </Providers>,
  );
}

/** The tree node drawn for a title. */
const nodeOf = (title: string) => screen.getByTitle(title).closest('.ant-select-tree-treenode')!;

describe('category TreeSelect (商品分类)', () => {
  it('choosing for a goods row: fetched with all=1, a category that is off and those under it cannot be picked', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    wrap(<CategorySelect mode="choose" label="商品分类" onChange={changed} />);
    await waitFor(() => expect(bff.queries).toEqual([{ all: 1 }]));
    await user.click(await screen.findByRole('combobox'));
    await screen.findByTitle('女装');
    expect(nodeOf('男装（已停用）')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(nodeOf('T恤')).toHaveClass('ant-select-tree-treenode-disabled'); // under 男装
    await user.click(screen.getByTitle('T恤'));
    expect(changed).not.toHaveBeenCalled();
    await user.click(screen.getByTitle('女装'));
    expect(changed).toHaveBeenLastCalledWith('women');
  });

  it('filtering: any category, a parent too, by code; a chosen code reads as its name', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    const { rerender } = wrap(<CategorySelect label="商品分类" tree={tree} onChange={changed} />);
    await user.click(await screen.findByRole('combobox'));
    await user.click(await screen.findByTitle('男装（已停用）'));
    expect(changed).toHaveBeenLastCalledWith('men');
    rerender(
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <CategorySelect label="商品分类" tree={tree} value="clothing" onChange={changed} />
        </AntApp>
      </Providers>,
    );
    expect(document.querySelector('.ant-select-selection-item')).toHaveTextContent('服装');
    expect(bff.queries).toEqual([]); // the page's tree, not fetched again
  });

  it('names a row’s category by its path, and marks off categories in the options', () => {
    expect(categoryPaths(tree).get('men-tee')).toBe('服装 / 男装 / T恤');
    expect(categoryPaths(tree).get('clothing')).toBe('服装');
    // English mode: the English names, a category without one keeps its name
    expect(categoryPaths(tree, 'en-US').get('men-tee')).toBe('Clothing / Menswear / T恤');
    const opts = categoryOptions(tree, true, '已停用');
    expect(opts[0].disabled).toBeUndefined();
    expect(opts[0].children?.[0]).toMatchObject({ title: '男装（已停用）', disabled: true });
    expect(opts[0].children?.[0].children?.[0]).toMatchObject({ title: 'T恤', disabled: true });
    expect(categoryOptions(tree)[0].children?.[0].disabled).toBeUndefined(); // a filter picks any
  });
});
