import { describe, expect, it } from 'vitest';
import { hasPage, pageFor } from './registry';
import { mapMenuTree, resolvePath } from './menuRoutes';
import type { MenuNode } from '@/features/auth';

const tree: MenuNode[] = [
  {
    name: '系统管理',
    path: '/system',
    hidden: false,
    redirect: 'noredirect',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: '系统管理', icon: 'system', noCache: true },
    children: [
      { name: 'Online', path: 'online', component: 'system/online/index', meta: { title: '在线用户', icon: 'online' } },
      { name: 'Secret', path: 'secret', hidden: true, component: 'system/secret/index', meta: { title: '隐藏页', activeMenu: '/system/online', breadcrumb: false } },
      {
        name: 'Nested',
        path: 'nested',
        component: 'ParentView',
        alwaysShow: true,
        meta: { title: '嵌套' },
        children: [{ name: 'Deep', path: 'deep', component: 'system/online/index', meta: { title: '深层' } }],
      },
    ],
  },
  {
    name: 'Shop',
    path: '/shop',
    component: 'Layout',
    redirect: '/shop/goods',
    meta: { title: '商城管理', icon: 'shop' },
    children: [{ name: 'Goods', path: 'goods', component: 'shop/goods/index', meta: { title: '商品' } }],
  },
  { name: 'Docs', path: 'https://example.com/docs', component: 'Layout', meta: { title: '文档' } },
];

describe('menu tree → routes', () => {
  const table = mapMenuTree(tree);

  it('joins relative child paths onto their parents, nested ones too', () => {
    expect(table.pages.map((p) => p.path)).toEqual([
      '/system/online',
      '/system/secret',
      '/system/nested/deep',
      '/shop/goods',
    ]);
    expect(resolvePath('/system', 'online')).toBe('/system/online');
    expect(resolvePath('/system/', '/abs')).toBe('/abs');
    expect(resolvePath('', 'x')).toBe('/x');
  });

  it('Layout and ParentView are directories, not pages', () => {
    expect(table.pages.find((p) => p.componentKey === 'Layout' || p.componentKey === 'ParentView')).toBeUndefined();
    expect(table.pages.find((p) => p.path === '/system')).toBeUndefined();
  });

  it('keeps each page title, component key and flags', () => {
    expect(table.pages[0]).toEqual({
      path: '/system/online',
      title: '在线用户',
      componentKey: 'system/online/index',
      hidden: false,
      noCache: false,
      activeMenu: undefined,
      breadcrumb: true,
      name: 'Online',
    });
  });

  it("a page carries its menu's activeMenu and breadcrumb switch (seed-spec §3)", () => {
    expect(table.pages.find((p) => p.path === '/system/secret')).toMatchObject({ activeMenu: '/system/online', breadcrumb: false, name: 'Secret' });
  });

  it('hidden pages get a route but no sidebar item', () => {
    expect(table.pages.find((p) => p.path === '/system/secret')?.hidden).toBe(true);
    const system = table.sidebar.find((item) => item.path === '/system');
    expect(system?.children?.map((c) => c.name)).toEqual(['在线用户', '嵌套']);
  });

  it('directories redirect to their redirect, else to their first visible page', () => {
    expect(table.redirects).toEqual(
      expect.arrayContaining([
        { path: '/system', to: '/system/online' },
        { path: '/system/nested', to: '/system/nested/deep' },
        { path: '/shop', to: '/shop/goods' },
      ]),
    );
  });

  it('builds the nested sidebar; a lone child without alwaysShow takes its directory place', () => {
    expect(table.sidebar).toEqual([
      {
        path: '/system',
        name: '系统管理',
        icon: 'system',
        children: [
          { path: '/system/online', name: '在线用户', icon: 'online' },
          { path: '/system/nested', name: '嵌套', icon: undefined, children: [{ path: '/system/nested/deep', name: '深层', icon: undefined }] },
        ],
      },
      { path: '/shop/goods', name: '商品', icon: 'shop' },
      { path: 'https://example.com/docs', name: '文档', icon: undefined, external: true },
    ]);
  });

  it('an unknown component key keeps its route and resolves to no page (the frame shows 404)', () => {
    const goods = table.pages.find((p) => p.path === '/shop/goods');
    expect(goods?.componentKey).toBe('shop/goods/index');
    expect(hasPage('shop/goods/index')).toBe(false);
    expect(pageFor('shop/goods/index')).toBeUndefined();
    expect(hasPage('system/online/index')).toBe(true);
    expect(pageFor('system/online/index')).toBeDefined();
    expect(hasPage('toString')).toBe(false);
  });

  it('a top-level external link, wrapped by the BFF, shows with its inner title and icon', () => {
    const link = 'http://127.0.0.1:8000/healthz';
    const wrapped: MenuNode[] = [
      { path: link, hidden: false, component: 'Layout', children: [{ path: link, hidden: false, meta: { title: '健康检查', icon: 'link' } }] },
    ];
    expect(mapMenuTree(wrapped).sidebar).toEqual([{ path: link, name: '健康检查', icon: 'link', external: true }]);
  });

  it('copes with an empty or missing tree', () => {
    expect(mapMenuTree([])).toEqual({ pages: [], redirects: [], sidebar: [] });
    expect(mapMenuTree(null)).toEqual({ pages: [], redirects: [], sidebar: [] });
  });
});
