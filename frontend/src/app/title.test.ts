import { describe, expect, it } from 'vitest';
import { translate } from '@/shared/lib/i18n';
import { FIXED_ROUTES } from './fixedRoutes';
import { composeTitle, findTitle } from './title';

const zh = FIXED_ROUTES.map((r) => ({ path: r.path, title: translate('zh-CN', r.titleKey) }));

describe('page title', () => {
  it('is the route title, " - ", then the product title 商城', () => {
    expect(composeTitle('数据概览', '商城')).toBe('数据概览 - 商城');
    expect(composeTitle(undefined, '商城')).toBe('商城');
  });

  it('finds the fixed routes with their Chinese titles, parameters included', () => {
    expect(findTitle('/login', zh)).toBe('登录');
    expect(findTitle('/dashboard', zh)).toBe('数据概览');
    expect(findTitle('/init', zh)).toBe('系统初始化设置');
    expect(findTitle('/newLogin', zh)).toBe('渠道登录');
    expect(findTitle('/flowDesign/12', zh)).toBe('流程绘制');
    expect(findTitle('/startBatch', zh)).toBe('流程申请（多人）');
    expect(findTitle('/user/center', zh)).toBe('个人中心');
    expect(findTitle('/nowhere', zh)).toBeUndefined();
  });

  it('finds menu pages too', () => {
    expect(findTitle('/system/online', [...zh, { path: '/system/online', title: '在线用户' }])).toBe('在线用户');
  });
});
