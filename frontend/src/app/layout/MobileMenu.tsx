import { useMemo } from 'react';
import { Link } from 'react-router';
import { Drawer, Menu, type MenuProps } from 'antd';
import type { MenuDataItem } from '@ant-design/pro-components';
import { useAppStore } from './app';

type Item = Required<MenuProps>['items'][number];

function toItem(d: MenuDataItem): Item {
  const key = d.path ?? String(d.name);
  if (d.children?.length) return { key, icon: d.icon, label: d.name, children: d.children.map(toItem) };
  return { key, icon: d.icon, label: d.path ? <Link to={d.path}>{d.name}</Link> : d.name };
}

/**
 * The sidebar on a narrow window (body under 992 px, seed-spec §4): no rail beside the page, a
 * drawer behind the top bar's hamburger instead; following an entry closes it (the device watcher
 * closes the sidebar after every navigation there).
 */
export function MobileMenu({ items, pathname, width }: { items: MenuDataItem[]; pathname: string; width: number }) {
  const opened = useAppStore((s) => s.sidebarOpened);
  const setSidebar = useAppStore((s) => s.setSidebar);
  const menuItems = useMemo(() => items.map(toItem), [items]);
  const parents = pathname.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);
  return (
    <Drawer
      placement="left"
      open={opened}
      onClose={() => setSidebar(false, true)}
      width={width}
      closable={false}
      styles={{ body: { padding: 0 } }}
      rootClassName="mall-mobile-menu"
    >
      <Menu mode="inline" items={menuItems} selectedKeys={[pathname]} defaultOpenKeys={parents} style={{ borderInlineEnd: 0 }} />
    </Drawer>
  );
}
