import { describe, expect, it } from 'vitest';
import type { PageRoute } from '@/app/menuRoutes';
import { activeMenuPath } from './activeMenu';

const page = (path: string, componentKey: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  title: path,
  componentKey,
  hidden: false,
  noCache: false,
  breadcrumb: true,
  ...extra,
});

const pages = [
  page('/mall/goods', 'mall/goods/index'),
  page('/mall/order', 'mall/order/index'),
  page('/workflow/tasks', 'workflow/tasks/index'),
  page('/formDesign', 'workflow/formDesign/index'),
  page('/mall/goods/import', 'mall/goods/import/index', { hidden: true, activeMenu: '/mall/goods' }),
];

describe('activeMenuPath (seed-spec §3 activeMenu)', () => {
  it("a hidden page lights the entry its menu names", () => {
    expect(activeMenuPath('/mall/goods/import', '', pages)).toBe('/mall/goods');
  });
  it('/look lights the list of its record type', () => {
    expect(activeMenuPath('/look', '?type=goods&id=3', pages)).toBe('/mall/goods');
    expect(activeMenuPath('/look', '?type=order&id=3', pages)).toBe('/mall/order');
    expect(activeMenuPath('/look', '?type=nope&id=3', pages)).toBe('/look');
  });
  it('the workflow pages light 我的审批 and 表单管理', () => {
    expect(activeMenuPath('/flowDetail', '?id=9', pages)).toBe('/workflow/tasks');
    expect(activeMenuPath('/batchDetail', '?id=9', pages)).toBe('/workflow/tasks');
    expect(activeMenuPath('/flowDesign/4', '', pages)).toBe('/formDesign');
  });
  it('a page in the sidebar, or a list the user lacks, lights the page itself', () => {
    expect(activeMenuPath('/mall/order', '', pages)).toBe('/mall/order');
    expect(activeMenuPath('/look', '?type=goods&id=1', [])).toBe('/look');
  });
});
