import { describe, expect, it } from 'vitest';
import { translate } from '@/shared/lib/i18n';
import { menuTitle, translateMenus } from './menuTitles';
import { findTitle, pageTitles } from './title';
import { crumbsFor } from './layout/crumbs';

// issue 16: the seeded menus follow the language; the tab and the breadcrumb say the same
describe('menu titles in English', () => {
  const tree = [
    {
      path: '/system',
      component: 'Layout',
      meta: { title: '系统管理' },
      children: [
        { path: 'user', component: 'system/user/index', meta: { title: '用户管理' } },
        { path: 'mine', component: 'own/index', meta: { title: '我的页面' } },
      ],
    },
  ];

  it('a seeded title becomes English in English mode; a title of the administrator stays', () => {
    expect(menuTitle('en-US', '用户管理')).toBe('Users');
    expect(menuTitle('zh-CN', '用户管理')).toBe('用户管理');
    expect(menuTitle('en-US', '我的页面')).toBe('我的页面');
    const en = translateMenus(tree, 'en-US');
    expect(en[0].meta?.title).toBe('System');
    expect(en[0].children?.map((c) => c.meta?.title)).toEqual(['Users', '我的页面']);
    expect(translateMenus(tree, 'zh-CN')).toBe(tree);
  });

  it('a fixed route a menu points at is titled as its menu, in the tab and the breadcrumb', () => {
    const pages = [{ path: '/formDesign', title: menuTitle('en-US', '表单管理') }];
    const titles = pageTitles('en-US', pages);
    expect(findTitle('/formDesign', titles)).toBe('Forms');
    expect(findTitle('/user/center', titles)).toBe(translate('en-US', 'user.center'));
    const sidebar = [{ path: '/workflow', name: 'Workflow', children: [{ path: '/formDesign', name: 'Forms' }] }];
    const opts = { home: 'Home', dashboardTitle: 'Data overview', dashboardPath: '/dashboard' };
    expect(crumbsFor('/formDesign', sidebar, { ...opts, pageTitle: findTitle('/formDesign', titles) }).map((c) => c.title)).toEqual([
      'Home',
      'Workflow',
      'Forms',
    ]);
  });
});
