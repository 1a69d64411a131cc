import { describe, expect, it } from 'vitest';
import { crumbsFor } from './crumbs';

const sidebar = [
  { path: '/system', name: '系统管理', children: [{ path: '/system/user', name: '用户管理' }] },
  { path: '/tools', name: '工具' },
];
const opts = { home: '首页', dashboardTitle: '数据概览', dashboardPath: '/dashboard' };

describe('crumbsFor', () => {
  it('starts with 首页 linking to the dashboard, then the directories down to the page', () => {
    expect(crumbsFor('/system/user', sidebar, opts)).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '系统管理' },
      { title: '用户管理' },
    ]);
  });

  it('on the dashboard shows only the dashboard', () => {
    expect(crumbsFor('/dashboard', sidebar, opts)).toEqual([{ title: '数据概览' }]);
  });

  it('a page outside the sidebar shows its own title after 首页', () => {
    expect(crumbsFor('/user/center', sidebar, { ...opts, pageTitle: '个人中心' })).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '个人中心' },
    ]);
  });
});
