import { lazy } from 'react';

/** 打印 on 订单管理, a chunk of its own: the page's first load has a budget (bundle-report). */
export const PrintButtons = lazy(() => import('./PrintButtons'));
