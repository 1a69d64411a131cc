import { describe, expect, it } from 'vitest';
import { createSearch, searchPool } from './search';

const sidebar = [
  {
    path: '/system',
    name: '系统管理',
    children: [
      { path: '/system/user', name: '用户管理' },
      { path: '/system/online', name: '在线用户' },
      { path: '/system/dict', name: 'Dictionary' },
    ],
  },
  { path: 'https://example.com/docs', name: '文档', external: true },
];
const pool = searchPool(sidebar, [{ path: '/dashboard', title: ['数据概览'], external: false }]);
const find = createSearch(pool);

describe('header search', () => {
  it('pools the pages the sidebar shows, with their directory titles, and the external links', () => {
    expect(pool.map((e) => e.path)).toEqual([
      '/dashboard',
      '/system/user',
      '/system/online',
      '/system/dict',
      'https://example.com/docs',
    ]);
    expect(pool[1].title).toEqual(['系统管理', '用户管理']);
    expect(pool[4].external).toBe(true);
  });

  it('finds a page by a misspelt title', () => {
    expect(find('Dictionery')[0]?.path).toBe('/system/dict');
    expect(find('在线用')[0]?.path).toBe('/system/online');
  });

  it('finds a page by its path', () => {
    expect(find('/system/onlin')[0]?.path).toBe('/system/online');
  });

  it('finds nothing for an empty query or something far off (threshold 0.4)', () => {
    expect(find('  ')).toEqual([]);
    expect(find('zzzzqqqq')).toEqual([]);
  });

  it('weighs the title (0.7) over the path (0.3)', () => {
    const weighed = createSearch([
      { path: '/report', title: ['Orders'], external: false },
      { path: '/orders', title: ['Report'], external: false },
    ]);
    expect(weighed('orders').map((e) => e.path)).toEqual(['/report', '/orders']);
  });
});
