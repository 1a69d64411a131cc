import type { ComponentType } from 'react';
import { chunk, ready } from '@/shared/lib/chunk';

/** A page in its own chunk; `preload` fetches it ahead (the sidebar's hover and idle, ./layout/preload.ts). */
export type PageComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page fetched when first drawn, or ahead by `preload`: a page fetched ahead draws in the
 * click's own commit, its list request going out at once (docs/figures.md "Speed a person feels").
 */
function page(load: () => Promise<{ default: ComponentType }>): PageComponent {
  const code = chunk(load);
  return Object.assign(ready(code, (m) => m.default), { preload: code.get });
}

/**
 * The composition root of pages: menu `component` key → feature page. Adding a feature page
 * means one line here (docs/adding-a-feature.md). Each page is its own chunk (docs/api.md "Front-end component keys").
 * `Layout` and `ParentView` are directories and never reach this table.
 */
const registry: Record<string, PageComponent> = {
  'system/online/index': page(() => import('@/features/online')),
  'system/user/index': page(() => import('@/features/user')),
  'system/role/index': page(() => import('@/features/role')),
  'system/menu/index': page(() => import('@/features/menu/page')),
  'system/dept/index': page(() => import('@/features/dept')),
  'system/dict/index': page(() => import('@/features/dict')),
  'system/log/index': page(() => import('@/features/log')),
  'system/apidoc/index': page(() => import('@/features/apidoc')),
  'system/storage/index': page(() => import('@/features/storage')),
  'system/openClient/index': page(() => import('@/features/openClient')),
  'system/job/index': page(() => import('@/features/job')),
  // 商城
  'mall/goods/index': page(() => import('@/features/goods')),
  'mall/category/index': page(() => import('@/features/category')),
  'mall/order/index': page(() => import('@/features/order')),
  'mall/stock/index': page(() => import('@/features/stock')),
  // 售后管理 (issue 29)
  'mall/aftersale/index': page(() => import('@/features/aftersale')),
  // 销售报表 (issue 31)
  'mall/report/index': page(() => import('@/features/report')),
  'mall/statement/index': page(() => import('@/features/statement')),
  // 订单设置 (issue 30): the order rules
  'mall/orderSetting/index': page(() => import('@/features/order/SettingsPage')),
  // 渠道 / 我的渠道: contracts and their templates (the BFF scopes an operator to their agency)
  'channel/contract/index': page(() => import('@/features/contract')),
  'channel/contractTemplate/index': page(() => import('@/features/contract/TemplatePage')),
  // 渠道: staff's 渠道管理 and the operator's 我的渠道
  'channel/agency/index': page(() => import('@/features/agency')),
  'channel/mine/index': page(() => import('@/features/agency/MinePage')),
  // the fixed routes /applyForm and /startBatch, when a menu points at them (流程)
  'workflow/applyForm/index': page(() => import('@/features/workflow/ApplyFormPage')),
  'workflow/startBatch/index': page(() => import('@/features/workflow/StartBatchPage')),
  // 渠道 / 我的渠道: the enterprise certification
  'channel/cert/index': page(() => import('@/features/cert/CertAuditPage')),
  'channel/mine/cert/index': page(() => import('@/features/cert')),
  'workflow/formDesign/index': page(() => import('@/features/workflow/formDesign')),
  // 我的审批
  'workflow/tasks/index': page(() => import('@/features/workflow/tasks/TasksPage')),
};

export function hasPage(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(registry, key);
}

/** The page for a key, or undefined for an unknown key (the frame then shows 404). */
export function pageFor(key: string): PageComponent | undefined {
  return hasPage(key) ? registry[key] : undefined;
}

/** Fetches a page's chunk ahead of its first open; an unknown key or a failed fetch is let be (the open asks again). */
export function preloadPage(key: string): void {
  pageFor(key)?.preload().catch(() => undefined);
}
