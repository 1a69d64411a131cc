import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { mapMenuTree } from './menuRoutes';
import { translateMenus } from './menuTitles';
import { pageFor } from './registry';
import { useLanguage, useT } from '@/shared/lib/i18n';
import { PageSpinner } from '@/shared/ui/PageSpinner';
import { useSession } from '@/features/auth';
import { CatchAll } from './CatchAll';
import { DocumentTitle } from './DocumentTitle';
import { FIXED_ROUTES } from './fixedRoutes';
import { Guard } from './Guard';
import { HOME_PATH } from './guards';
import { RedirectPage } from './RedirectPage';
import { dashboardCode, frameCode } from './boot';
import { ready } from '@/shared/lib/chunk';

// Route-level code splitting: /login must not pull in the frame (ProLayout) or ProTable.
const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const ChannelLoginPage = lazy(() => import('@/features/auth/ChannelLoginPage'));
const InitPage = lazy(() => import('@/features/init/InitPage'));
const NotFoundPage = lazy(() => import('@/features/errors/NotFoundPage'));
const UnauthorizedPage = lazy(() => import('@/features/errors/UnauthorizedPage'));
const Frame = ready(frameCode, (m) => m.default);
const DashboardPage = ready(dashboardCode, (m) => m.default);
const ProfilingPage = lazy(() => import('@/features/dashboard/ProfilingPage'));
const UserCenterPage = lazy(() => import('@/features/user/UserCenterPage'));
const ApplyFormPage = lazy(() => import('@/features/workflow/ApplyFormPage'));
const StartBatchPage = lazy(() => import('@/features/workflow/StartBatchPage'));
const FormDesignPage = lazy(() => import('@/features/workflow/formDesign'));
const FlowDesignPage = lazy(() => import('@/features/workflow/flowDesign/FlowDesignPage'));
const FlowDetailPage = lazy(() => import('@/features/workflow/flowDetail/FlowDetailPage'));
const BatchDetailPage = lazy(() => import('@/features/workflow/batchDetail/BatchDetailPage'));
const LookPage = lazy(() => import('@/features/look'));
const MessagesPage = lazy(() => import('@/features/notify'));
// A menu may point at a fixed route (流程 → /applyForm): the fixed route renders it.
const FIXED_PATHS = new Set(FIXED_ROUTES.map((route) => route.path));
const Placeholder = lazy(() => import('@/shared/ui/Placeholder'));

export function AppRoutes() {
  const t = useT();
  const menus = useSession((s) => s.menus);
  const language = useLanguage((s) => s.language);
  // one tree in the chosen language: the sidebar, tabs, breadcrumb and title agree (issue 16)
  const table = useMemo(() => mapMenuTree(translateMenus(menus, language)), [menus, language]);
  const placeholders = FIXED_ROUTES.filter((route) => route.placeholder && route.inFrame);

  return (
    <>
      <DocumentTitle pages={table.pages} />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<Guard />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/newLogin" element={<ChannelLoginPage />} />
            <Route path="/init" element={<InitPage />} />
            <Route path="/profiling" element={<ProfilingPage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/401" element={<UnauthorizedPage />} />
            <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
            <Route element={<Frame sidebar={table.sidebar} pages={table.pages} />}>
              {/* Inside the frame, so a tab's refresh keeps the other tabs' pages alive. */}
              <Route path="/redirect/*" element={<RedirectPage />} />
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/user/center" element={<UserCenterPage />} />
              <Route path="/applyForm" element={<ApplyFormPage />} />
              <Route path="/startBatch" element={<StartBatchPage />} />
              <Route path="/formDesign" element={<FormDesignPage />} />
              <Route path="/flowDesign/:id" element={<FlowDesignPage />} />
              <Route path="/flowDetail" element={<FlowDetailPage />} />
              <Route path="/batchDetail" element={<BatchDetailPage />} />
              <Route path="/look" element={<LookPage />} />
              <Route path="/messages" element={<MessagesPage />} />
              {placeholders.map((route) => (
                <Route key={route.path} path={route.path} element={<Placeholder title={t(route.titleKey)} />} />
              ))}
              {table.pages.filter((page) => !FIXED_PATHS.has(page.path)).map((page) => {
                const Page = pageFor(page.componentKey) ?? NotFoundPage;
                return <Route key={page.path} path={page.path} element={<Page />} />;
              })}
              {table.redirects.map((redirect) => (
                <Route key={redirect.path} path={redirect.path} element={<Navigate to={redirect.to} replace />} />
              ))}
            </Route>
            <Route path="*" element={<CatchAll />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}
