import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { App as AntApp, Breadcrumb, theme } from 'antd';
import { DashboardOutlined } from '@ant-design/icons';
import { useProductTitle } from '@/shared/lib/brand';
import { useRecordTitles } from '@/shared/lib/look';
import { menuIcon } from '@/features/menu/icons';
import type { PageRoute, SidebarItem } from '@/app/menuRoutes';
import { useLanguage, useT } from '@/shared/lib/i18n';
import { getRuntime } from '@/shared/lib/runtime';
import { useNarrow } from '@/shared/lib/narrow';
import { HEADER_HEIGHT, toastTop } from '../box';
import { useAppStore } from './app';
import { useSettings } from './settings';
import { DASHBOARD_PATH, NO_NAME, pathOfTab, tabKey, useTabs, type Tab } from './tabs';
import { FIXED_ROUTES } from '../fixedRoutes';
import { findTitle, pageTitles } from '../title';
import { activeMenuPath } from './activeMenu';
import { PageFooter } from './PageFooter';
import { crumbsFor } from './crumbs';
import { FullscreenToggle } from './FullscreenToggle';
import { AgencyBadge } from '@/features/agency/badge';
import { HeaderSearch } from './HeaderSearch';
import { TodoBadge } from './TodoBadge';
import { MessageBell, MessageStream } from '@/features/notify/header';
import { useTaskRevision } from '@/features/workflow/taskRevision';
import { KeepAlive } from './KeepAlive';
import { TabStrip } from './TabStrip';
import { LanguageSwitch } from '@/shared/ui/LanguageSwitch';
import { LOOK_CSS } from './lookCss';
import { Logo } from './Logo';
import { RouteProgress } from './RouteProgress';
import { SettingsDrawer } from './SettingsDrawer';
import { SidebarToggle } from './SidebarToggle';
import { MobileMenu } from './MobileMenu';
import { accordion } from './accordion';
import { SizeSelect } from './SizeSelect';
import { UserMenu } from './UserMenu';
import { useDayjsLocale } from './useDayjsLocale';
import { useDeviceWatcher } from './useDeviceWatcher';
import { usePagePreload } from './preload';
import { CarriedNotice } from './CarriedNotice';

/** Sidebar width in px (docs/decisions.md "Workspace look"). */
export const SIDEBAR_WIDTH = 205;

/** On a mobile close the sidebar and the content beside it move at once (docs/decisions.md "Workspace look"). */
const NO_ANIMATION_CLASS = 'mall-sidebar-instant';
const NO_ANIMATION_CSS = ['.ant-layout-sider', '.ant-layout-has-sider > div', '.ant-layout-sider-children', '.ant-pro-sider', '.ant-layout', '.ant-pro-layout-container', 'header']
  .map((sel) => `.${NO_ANIMATION_CLASS} ${sel}`)
  .join(',')
  .concat('{transition:none !important}');
/**
 * 固定头部 off: the header scrolls away with the page. ProLayout's mix layout always fixes its
 * header, so here it is placed absolutely at the top of the frame's box instead, and scrolls with
 * the content; the sidebar stays fixed.
 */
const HEADER_SCROLLS_CLASS = 'mall-header-scrolls';
// The fixed sider then starts at the top of the window under the header (its top padding the
// header's height), so the header scrolling away leaves no blank strip above the menu (issue 16).
// Placed absolutely, the header sits in the content column (its containing block, which also
// scrolls it embedded), right of the sider: it is moved left by the sider's width, so it spans the
// frame and no empty corner is left above the sider.
const headerScrollsCss = (siderWidth: number) =>
  `.${HEADER_SCROLLS_CLASS} .ant-pro-layout-header-fixed-header{position:absolute !important;left:-${siderWidth}px !important;width:calc(100% + ${siderWidth}px) !important;z-index:101}` +
  `.${HEADER_SCROLLS_CLASS} .ant-pro-sider-fixed-mix{top:0 !important;height:100% !important;padding-top:${HEADER_HEIGHT}px;box-sizing:border-box}`;
/** ProLayout's width of the collapsed sider. */
const COLLAPSED_SIDER_WIDTH = 64;
// Embedded, the frame is exactly the host's container and its page scrolls inside it: a tall page
// must not make the host page scroll (the host's header would leave the view). The header and
// sider stay put, fixed to the frame's box.
const EMBEDDED_CLASS = 'mall-embedded';
const EMBEDDED_CSS =
  `.${EMBEDDED_CLASS} .ant-pro-layout,.${EMBEDDED_CLASS} .ant-pro-layout>.ant-layout{height:100%;min-height:0 !important}` +
  `.${EMBEDDED_CLASS} .ant-pro-layout-container{height:100%;overflow-y:auto}`;

function toMenuData(item: SidebarItem): MenuDataItem {
  return {
    path: item.path,
    name: item.name,
    icon: menuIcon(item.icon),
    children: item.children?.map(toMenuData),
  };
}

function Brand({ logo, title }: { logo: ReactNode; title: string }) {
  return (
    <Link to="/dashboard" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: 'inherit' }}>
      {logo}
      <span style={{ fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>{title}</span>
    </Link>
  );
}

/** The main frame: ProLayout with the sidebar from the menu tree, top bar and user dropdown. */
export default function Frame({ sidebar, pages }: { sidebar: SidebarItem[]; pages: readonly PageRoute[] }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const location = useLocation();
  const visit = useTabs((s) => s.visit);
  const preload = usePagePreload(pages);

  // Titles in the current language, so tabs and breadcrumb follow a language switch.
  const titled = useMemo(() => pageTitles(language, pages), [pages, language]);
  const pageTitle = useCallback((path: string) => findTitle(path, titled), [titled]);
  // A page showing one record (/look) titles its tab by the record once it has loaded.
  const recordTitles = useRecordTitles((s) => s.titles);
  const tabTitle = useCallback(
    (tab: Tab) => recordTitles[tab.fullPath] ?? pageTitle(pathOfTab(tab.path)) ?? tab.title ?? NO_NAME,
    [pageTitle, recordTitles],
  );

  // A tab of a page this session cannot open (its menu deleted, the role changed, another user
  // signed in in this browser) closes instead of leading to 404 (issue 16).
  const keepOnly = useTabs((s) => s.keepOnly);
  useEffect(() => {
    if (pages.length === 0) return; // the menus are not loaded yet
    const known = new Set(pages.map((p) => p.path));
    const fixed = FIXED_ROUTES.filter((r) => r.inFrame).map((r) => r.path);
    keepOnly((path) => known.has(path) || fixed.some((pattern) => matchPath(pattern, path) !== null));
  }, [pages, keepOnly]);

  // Every page shown in the frame gets its tab (the /redirect helper does not).
  const noCache = useCallback(
    (pathname: string) => pathname === DASHBOARD_PATH || pages.find((p) => p.path === pathname)?.noCache === true,
    [pages],
  );
  const willKeep = useCallback((pathname: string) => !pathname.startsWith('/redirect/') && !noCache(pathname), [noCache]);
  useEffect(() => {
    const { pathname, search } = location;
    if (pathname.startsWith('/redirect/')) return;
    const page = pages.find((p) => p.path === pathname);
    visit({
      path: tabKey(pathname, search),
      fullPath: pathname + search,
      query: Object.fromEntries(new URLSearchParams(search)),
      ...(page?.name ? { name: page.name } : {}),
      title: pageTitle(pathname) ?? NO_NAME,
      noCache: noCache(pathname),
      ...(pathname === DASHBOARD_PATH ? { affix: true } : {}),
    });
  }, [location, pages, pageTitle, visit, noCache]);

  const searchFirst = useMemo(
    () => [{ path: DASHBOARD_PATH, title: [t('route.dashboard')], external: false }],
    [t],
  );

  // A page outside the sidebar lights the list it belongs to, and its breadcrumb runs through it.
  const active = activeMenuPath(location.pathname, location.search, pages);
  const crumbOpts = { home: t('breadcrumb.home'), dashboardTitle: t('route.dashboard'), dashboardPath: DASHBOARD_PATH };
  const crumbs =
    active === location.pathname
      ? crumbsFor(location.pathname, sidebar, { ...crumbOpts, pageTitle: pageTitle(location.pathname) })
      : [
          ...crumbsFor(active, sidebar, { ...crumbOpts, pageTitle: pageTitle(active) }).map((c, i, all) => (i === all.length - 1 ? { ...c, to: active } : c)),
          // the very title the page's tab shows (a record's own, once loaded)
          { title: recordTitles[location.pathname + location.search] ?? pageTitle(location.pathname) ?? NO_NAME },
        ];
  const showCrumbs = pages.find((p) => p.path === location.pathname)?.breadcrumb !== false;
  const collapsed = useAppStore((s) => !s.sidebarOpened);
  const setSidebar = useAppStore((s) => s.setSidebar);
  const withoutAnimation = useAppStore((s) => s.withoutAnimation);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const { tagsView, fixedHeader, sidebarLogo, uniqueOpened, dark, showFooter } = useSettings();
  const { token } = theme.useToken();
  // The theme colour marks the chosen sidebar entry.
  const layoutToken = useMemo(
    () => ({
      header: { heightLayoutHeader: HEADER_HEIGHT },
      sider: {
        colorTextMenuSelected: token.colorPrimary,
        colorTextSubMenuSelected: token.colorPrimary,
        colorBgMenuItemSelected: token.colorPrimaryBg,
      },
    }),
    [token.colorPrimary, token.colorPrimaryBg],
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  const setTodo = useTaskRevision((s) => s.setTodo);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const embedded = getRuntime().embedded;
  const narrow = useNarrow();
  useDeviceWatcher();
  useDayjsLocale();

  const route = useMemo(
    () => ({
      path: '/',
      children: [
        // The dashboard is fixed and always first (docs/decisions.md).
        { path: '/dashboard', name: t('route.dashboard'), icon: <DashboardOutlined /> },
        ...sidebar.map(toMenuData),
      ],
    }),
    [sidebar, t],
  );
  const title = useProductTitle();

  // antd's App gives the pages inside the frame App.useApp() (modal, message, notification).
  // It grows into the app's box (see app/box.ts): the window standalone, the host's container
  // embedded, never 100vh there (the host's own header would make the host page scroll).
  // Embedded, the transform makes this box the containing block of ProLayout's fixed header and
  // sider (the mix layout always fixes its header), so they stay inside the host's container
  // instead of covering the host page.
  return (
    <AntApp
      className={
        [withoutAnimation && NO_ANIMATION_CLASS, !fixedHeader && HEADER_SCROLLS_CLASS, embedded && EMBEDDED_CLASS].filter(Boolean).join(' ') ||
        undefined
      }
      // Toasts open below the header, never over its search, language and user controls (issue
      // 16), nor, embedded, over the host's bar (issue 33): messages for every result and error,
      // a notification only for the upload limit's 提示, which stays until closed.
      notification={{ top: toastTop(getRuntime().container) }}
      message={{ top: toastTop(getRuntime().container) }}
      style={embedded ? { flex: '1 1 0px', minHeight: 0, overflow: 'hidden', transform: 'translateZ(0)' } : { flex: '1 0 auto' }}
    >
    {/* React's own <style>: goes with the frame at unmount, never into the host's head. */}
    <style>{NO_ANIMATION_CSS + headerScrollsCss(mobile ? 0 : collapsed ? COLLAPSED_SIDER_WIDTH : SIDEBAR_WIDTH) + EMBEDDED_CSS + LOOK_CSS}</style>
    <RouteProgress />
    <CarriedNotice />
    {/* the tab's one message stream, here and not in the header's actions, which ProLayout may draw again */}
    <MessageStream onTodo={setTodo} />
    <ProLayout
      layout="mix"
      splitMenus={false}
      // document.title is ours (DocumentTitle); a title here would make ProLayout write it too.
      title={false}
      pageTitleRender={false}
      logo={sidebarLogo ? <Logo /> : false}
      headerTitleRender={(logo) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
          <Brand logo={logo} title={title} />
          <SidebarToggle />
        </span>
      )}
      // The hamburger sits in the top bar (seed-spec §2), not at the foot of the sidebar.
      collapsedButtonRender={false}
      // The header carries the brand; the sider repeats it only as ProLayout's mobile drawer (its
      // isMobile, under 768px). Our "mobile" device (under 992px) keeps the fixed sider, collapsed
      // to 64px, where the brand does not fit.
      // Under 768 px ProLayout's header calls it too (no props then): there the mark alone, so
      // the header's controls cannot push it off a phone's width (issue 33).
      menuHeaderRender={(logo, _title, props) =>
        props?.isMobile ? (
          <Brand logo={logo} title={title} />
        ) : props === undefined ? (
          <Link to="/dashboard" aria-label={title} style={{ display: 'inline-flex', alignItems: 'center', flex: 'none' }}>
            {logo}
          </Link>
        ) : null
      }
      siderWidth={SIDEBAR_WIDTH}
      // Fixed header and sider; embedded, they are fixed to the frame's box (see AntApp below).
      fixSiderbar
      fixedHeader={fixedHeader}
      collapsed={collapsed}
      // Under 992 px no sider at all: the menu is a drawer behind the hamburger (MobileMenu).
      menuRender={mobile ? false : undefined}
      // The sidebar state is ours alone (cookie, device watcher): antd's own breakpoint (lg = 992px)
      // would open it again on a desktop load and undo the mobile close without animation.
      breakpoint={false}
      onCollapse={(next) => next !== collapsed && setSidebar(!next)}
      route={route}
      location={{ pathname: active }}
      // ProLayout's autoClose (its default): following a route closes the other open directories;
      // opening one by hand closes the others too (accordion).
      menu={uniqueOpened ? { locale: false } : { locale: false, autoClose: false }}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys((before) => (uniqueOpened ? accordion(before, keys || [], sidebar) : [...(keys || [])]))}
      menuItemRender={(item, dom) =>
        item.isUrl || !item.path ? (
          <a href={item.itemPath ?? item.path} target="_blank" rel="noreferrer">
            {dom}
          </a>
        ) : (
          <Link to={item.path} onMouseEnter={() => preload(item.path!)} onFocus={() => preload(item.path!)}>
            {dom}
          </Link>
        )
      }
      actionsRender={() => [
        <AgencyBadge key="agency" />,
        <HeaderSearch key="search" sidebar={sidebar} first={searchFirst} />,
        <TodoBadge key="todo" />,
        <MessageBell key="bell" />,
        // a phone has no room, nor use, for them: the logo keeps its place
        ...(narrow ? [] : [<FullscreenToggle key="fullscreen" />, <SizeSelect key="size" />]),
        <LanguageSwitch key="lang" />,
        <UserMenu key="user" onOpenSettings={() => setSettingsOpen(true)} />,
      ]}
      token={layoutToken}
      // realDark: ProLayout's own dark tokens over the dark algorithm the providers set. Light
      // leaves navTheme unset, as before dark mode existed (no extra provider inside ProLayout).
      navTheme={dark ? 'realDark' : undefined}
      footerRender={showFooter ? () => <PageFooter /> : false}
    >
      {showCrumbs && (
        <Breadcrumb
          aria-label="breadcrumb"
          style={{ marginBottom: 8 }}
          items={crumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))}
        />
      )}
      {tagsView && <TabStrip titleOf={tabTitle} />}
      <KeepAlive willKeep={willKeep} />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {mobile && <MobileMenu items={route.children} pathname={active} width={SIDEBAR_WIDTH} />}
    </ProLayout>
    </AntApp>
  );
}
