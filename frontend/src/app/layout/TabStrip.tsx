import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { scrollToShow, tabKey, useTabs, type Navigation, type Tab } from './tabs';

/** Width of the tabs' right-click menu (docs/decisions.md "Language and keep-alive (issue 3)"). */
export const TAB_MENU_WIDTH = 105;
/** Space kept beside the active tab when the strip scrolls to it. */
const SCROLL_MARGIN = 4;
/** An arrow moves the strip by this share of its visible width. */
const ARROW_STEP = 0.8;

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

  // More tabs than fit: arrows at the ends scroll the strip (issue 16), each one there only while
  // there is more to see on its side.
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const box = strip.current;
    if (!box) return;
    const left = box.scrollLeft > 0;
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);
  useEffect(() => {
    const box = strip.current;
    if (!box) return;
    measure();
    const watcher = new ResizeObserver(measure);
    watcher.observe(box);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      watcher.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [measure]);
  useEffect(measure, [measure, tabs, pathname]);
  const scrollBy = (direction: 1 | -1) => {
    const box = strip.current;
    if (box) box.scrollBy({ left: direction * Math.max(box.clientWidth * ARROW_STEP, 40), behavior: 'smooth' });
  };
  const arrow = (direction: 1 | -1) => (
    <Button
      type="text"
      size="small"
      aria-label={t(direction < 0 ? 'tags.scrollLeft' : 'tags.scrollRight')}
      icon={direction < 0 ? <LeftOutlined /> : <RightOutlined />}
      disabled={direction < 0 ? !more.left : !more.right}
      onClick={() => scrollBy(direction)}
      style={{ flex: '0 0 auto', alignSelf: 'center' }}
    />
  );
  const overflowing = more.left || more.right;
  // Again when the arrows come or go: they narrow or widen the strip the active tab must fit in.
  useEffect(() => {
    const box = strip.current;
    const active = box?.querySelector<HTMLElement>('[data-active="true"]');
    if (!box || !active) return;
    box.scrollLeft = scrollToShow(box.scrollLeft, box.clientWidth, active.offsetLeft, active.offsetWidth, SCROLL_MARGIN);
  }, [pathname, tabs.length, overflowing]);

  /** Whether an unpinned tab lies on that side of `tab`: else its close-side entry is disabled. */
  const hasSide = (tab: Tab, side: -1 | 1): boolean => {
    const at = tabs.findIndex((t) => t.path === tab.path);
    return tabs.some((t, i) => !t.affix && (side < 0 ? i < at : i > at));
  };
  const menuFor = (tab: Tab): MenuProps => ({
    style: { width: TAB_MENU_WIDTH, boxSizing: 'border-box' },
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      ...(tab.affix ? [] : [{ key: 'close', label: t('tags.close') }]),
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeLeft', label: t('tags.closeLeft'), disabled: !hasSide(tab, -1) },
      { key: 'closeRight', label: t('tags.closeRight'), disabled: !hasSide(tab, 1) },
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
      } else if (key === 'closeLeft') go(store.closeSide(tab.path, -1, pathname));
      else if (key === 'closeRight') go(store.closeSide(tab.path, 1, pathname));
      else if (key === 'closeAll') go(store.closeAll(pathname));
    },
  });

  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'stretch',
        // Embedded, the content column has the container's height: a tall page must not squeeze
        // the strip (overflow hidden lets a flex item shrink below its tabs).
        flexShrink: 0,
        marginBottom: 12,
      }}
    >
    {overflowing && arrow(-1)}
    <div
      ref={strip}
      role="tablist"
      aria-label="tabs"
      style={{
        // The tabs' offsetLeft is measured from the strip (scrolling to the active one).
        position: 'relative',
        display: 'flex',
        flex: '1 1 auto',
        minWidth: 0,
        gap: 5,
        overflowX: 'auto',
        overflowY: 'hidden',
        whiteSpace: 'nowrap',
        // 4px at the ends too, so the last tab can show with its scroll margin.
        padding: 4,
        // the arrows scroll it; no scrollbar under the tabs
        scrollbarWidth: 'none',
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
    {overflowing && arrow(1)}
    </div>
  );
}
