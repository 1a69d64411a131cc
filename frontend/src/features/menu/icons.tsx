import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  ApiOutlined,
  FormOutlined,
  MenuOutlined,
  MonitorOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/** eladmin icon names (svg sprite names) onto antd icons; anything else gets a generic one. */
const icons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  index: <DashboardOutlined />,
  system: <SettingOutlined />,
  monitor: <MonitorOutlined />,
  online: <DesktopOutlined />,
  peoples: <TeamOutlined />,
  user: <UserOutlined />,
  role: <TeamOutlined />,
  menu: <MenuOutlined />,
  dept: <ApartmentOutlined />,
  dictionary: <BookOutlined />,
  log: <FileTextOutlined />,
  documentation: <ApiOutlined />,
  shop: <ShopOutlined />,
  goods: <ShopOutlined />,
  order: <ShoppingCartOutlined />,
  form: <FormOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return (name && icons[name]) || <AppstoreOutlined />;
}
