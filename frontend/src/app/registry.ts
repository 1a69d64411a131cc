import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The composition root of pages: menu `component` key → feature page. Adding a feature page
 * means one line here (docs/adding-a-feature.md). Each page is its own chunk (docs/api.md "Front-end component keys").
 * `Layout` and `ParentView` are directories and never reach this table.
 */
const registry: Record<string, LazyExoticComponent<ComponentType>> = {
  'system/online/index': lazy(() => import('@/features/online')),
  'system/user/index': lazy(() => import('@/features/user')),
  'system/role/index': lazy(() => import('@/features/role')),
  'system/menu/index': lazy(() => import('@/features/menu/page')),
  'system/dept/index': lazy(() => import('@/features/dept')),
  'system/dict/index': lazy(() => import('@/features/dict')),
  'system/log/index': lazy(() => import('@/features/log')),
  'system/apidoc/index': lazy(() => import('@/features/apidoc')),
  'system/storage/index': lazy(() => import('@/features/storage')),
  // 商城
  'mall/goods/index': lazy(() => import('@/features/goods')),
  'mall/order/index': lazy(() => import('@/features/order')),
  // 渠道 / 我的渠道: contracts and their templates (the BFF scopes an operator to their agency)
  'channel/contract/index': lazy(() => import('@/features/contract')),
  'channel/contractTemplate/index': lazy(() => import('@/features/contract/TemplatePage')),
  // 渠道: staff's 渠道管理 and the operator's 我的渠道
  'channel/agency/index': lazy(() => import('@/features/agency')),
  'channel/mine/index': lazy(() => import('@/features/agency/MinePage')),
  // the fixed routes /applyForm and /startBatch, when a menu points at them (流程)
  'workflow/applyForm/index': lazy(() => import('@/features/workflow/ApplyFormPage')),
  'workflow/startBatch/index': lazy(() => import('@/features/workflow/StartBatchPage')),
  // 渠道 / 我的渠道: the enterprise certification
  'channel/cert/index': lazy(() => import('@/features/cert/CertAuditPage')),
  'channel/mine/cert/index': lazy(() => import('@/features/cert')),
  'workflow/formDesign/index': lazy(() => import('@/features/workflow/formDesign')),
  // 我的审批
  'workflow/tasks/index': lazy(() => import('@/features/workflow/tasks/TasksPage')),
};

export function hasPage(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(registry, key);
}

/** The page for a key, or undefined for an unknown key (the frame then shows 404). */
export function pageFor(key: string): LazyExoticComponent<ComponentType> | undefined {
  return hasPage(key) ? registry[key] : undefined;
}
