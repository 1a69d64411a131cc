import type { MessageKey } from '@/shared/lib/i18n';

/** The fixed route table (docs/decisions.md "Users and menus") with each route's title key. */
export interface FixedRoute {
  path: string;
  titleKey: MessageKey;
  /** Rendered inside the main frame. */
  inFrame: boolean;
  /** A later issue fills the page in; a titled placeholder until then. */
  placeholder?: boolean;
}

export const FIXED_ROUTES: readonly FixedRoute[] = [
  { path: '/login', titleKey: 'route.login', inFrame: false },
  { path: '/init', titleKey: 'route.init', inFrame: false },
  { path: '/newLogin', titleKey: 'route.newLogin', inFrame: false },
  { path: '/profiling', titleKey: 'route.profiling', inFrame: false },
  { path: '/404', titleKey: 'error.404.title', inFrame: false },
  { path: '/401', titleKey: 'error.401.title', inFrame: false },
  { path: '/dashboard', titleKey: 'route.dashboard', inFrame: true },
  { path: '/user/center', titleKey: 'user.center', inFrame: true },
  { path: '/formDesign', titleKey: 'route.formDesign', inFrame: true },
  { path: '/applyForm', titleKey: 'route.applyForm', inFrame: true },
  { path: '/startBatch', titleKey: 'route.startBatch', inFrame: true },
  { path: '/flowDesign/:id', titleKey: 'route.flowDesign', inFrame: true },
  { path: '/flowDetail', titleKey: 'route.flowDetail', inFrame: true },
  { path: '/batchDetail', titleKey: 'route.batchDetail', inFrame: true },
  { path: '/look', titleKey: 'route.look', inFrame: true },
  { path: '/messages', titleKey: 'route.messages', inFrame: true },
];
