import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  BookOutlined,
  DashboardOutlined,
  DesktopOutlined,
  EditOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  ApiOutlined,
  FormOutlined,
  LinkOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * eladmin icon names (svg sprite names) onto antd icons. The server accepts exactly these names
 * (bff/internal/menu/icons.go; its TestIconsMatchTheConsole reads this list: one `name: <Icon />,`
 * a line).
 */
const icons: Record<string, ReactNode> = {
  app: <AppstoreOutlined />,
  chart: <BarChartOutlined />,
  dashboard: <DashboardOutlined />,
  dept: <ApartmentOutlined />,
  dictionary: <BookOutlined />,
  doc: <FileDoneOutlined />,
  documentation: <ApiOutlined />,
  edit: <EditOutlined />,
  form: <FormOutlined />,
  goods: <ShopOutlined />,
  index: <DashboardOutlined />,
  link: <LinkOutlined />,
  list: <UnorderedListOutlined />,
  lock: <LockOutlined />,
  log: <FileTextOutlined />,
  menu: <MenuOutlined />,
  message: <MessageOutlined />,
  monitor: <MonitorOutlined />,
  online: <DesktopOutlined />,
  order: <ShoppingCartOutlined />,
  peoples: <TeamOutlined />,
  role: <TeamOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  shopping: <ShoppingOutlined />,
  system: <SettingOutlined />,
  tool: <ToolOutlined />,
  upload: <CloudUploadOutlined />,
  user: <UserOutlined />,
  validCode: <SafetyCertificateOutlined />,
};

/** The names a menu's icon may have, in the picker's order. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(icons);

export function menuIcon(name: string | undefined): ReactNode {
  return (name && icons[name]) || <AppstoreOutlined />;
}
