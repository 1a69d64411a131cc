import { Button } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { useAppStore } from './app';

/** The hamburger in the top bar (seed-spec §2): opens and closes the sidebar. */
export function SidebarToggle() {
  const t = useT();
  const opened = useAppStore((s) => s.sidebarOpened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <Button
      type="text"
      aria-label={t(opened ? 'layout.sidebar.collapse' : 'layout.sidebar.expand')}
      aria-expanded={opened}
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggle}
    />
  );
}
