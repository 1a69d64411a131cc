import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, theme, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { scrollToShow, tabKey, useTabs, type Navigation, type Tab } from './tabs';

/** Width of the tabs' right-click menu (docs/decisions.md "Language and keep-alive (issue 3)"). */
export const TAB_MENU_WIDTH = 105;
/** Space kept beside the active tab when the strip scrolls to it. */
const SCROLL_MARGIN = 4;

/** The visited-page tabs under the header, with their right-click menu. */
export function TabStrip({ titleOf }: { titleOf: (tab: Tab) => string }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  // the shown tab's identity (a record page's includes its id)
  const pathname = tabKey(location.pathname, location.search);
  const tabs = useTabs((s) => s.tabs);
  const strip = useRef<HTMLDivElement>(null);

  const go = (next: Navigation) => {
    if (next) navigate(next.to, { replace: next.replace });
  };

  useEffect(() => {
    const box = strip.current;
    const active = box?.querySelector<HTMLElement>('[data-active="true"]');
    if (!box || !active) return;
    box.scrollLeft = scrollToShow(box.scrollLeft, box.clientWidth, active.offsetLeft, active.offsetWidth, SCROLL_MARGIN);
  }, [pathname, tabs.length]);

  const menuFor = (tab: Tab): MenuProps => ({
    style: { width: TAB_MENU_WIDTH, boxSizing: 'border-box' },
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      ...(tab.affix ? [] : [{ key: 'close', label: t('tags.close') }]),
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const store = useTabs.getState();
      if (key === 'refresh') go(store.refresh(tab.path));
      else if (key === 'close') go(store.close(tab.path, pathname));
      else if (key === 'closeOthers') {
        const next = store.closeOthers(tab.path, pathname);
        go(next);
      } else if (key === 'closeAll') go(store.closeAll(pathname));
    },
  });

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label="tabs"
      style={{
        // The tabs' offsetLeft is measured from the strip (scrolling to the active one).
        position: 'relative',
        display: 'flex',
        // Embedded, the content column has the container's height: a tall page must not squeeze
        // the strip (overflow hidden lets a flex item shrink below its tabs).
        flexShrink: 0,
        gap: 5,
        overflowX: 'auto',
        overflowY: 'hidden',
        whiteSpace: 'nowrap',
        // 4px at the ends too, so the last tab can show with its scroll margin.
        padding: 4,
        marginBottom: 12,
        scrollbarWidth: 'thin',
      }}
    >
      {tabs.map((tab) => {
        const active = tab.path === pathname;
        const title = titleOf(tab);
        return (
          <Dropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab)}>
            <div
              role="tab"
              aria-label={title}
              aria-selected={active}
              data-active={active}
              data-path={tab.path}
              tabIndex={0}
              onClick={() => !active && navigate(tab.fullPath)}
              onKeyDown={(e) => e.key === 'Enter' && !active && navigate(tab.fullPath)}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                flex: '0 0 auto',
                height: 26,
                padding: '0 8px',
                fontSize: 12,
                cursor: 'pointer',
                borderRadius: token.borderRadiusSM,
                border: `1px solid ${active ? token.colorPrimary : token.colorBorder}`,
                background: active ? token.colorPrimary : token.colorBgContainer,
                color: active ? token.colorTextLightSolid : token.colorText,
              }}
            >
              {title}
              {!tab.affix && (
                <CloseOutlined
                  role="button"
                  aria-label={`${t('tags.close')} ${title}`}
                  style={{ fontSize: 10 }}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(useTabs.getState().close(tab.path, pathname));
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
