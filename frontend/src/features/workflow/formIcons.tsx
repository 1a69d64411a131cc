import {
  AuditOutlined,
  CalendarOutlined,
  CarOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  LaptopOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons a form may carry (`icon` is one of these names); an unknown name shows the first. */
export const FORM_ICONS: Record<string, ComponentType> = {
  file: FileTextOutlined,
  calendar: CalendarOutlined,
  schedule: ScheduleOutlined,
  money: DollarOutlined,
  audit: AuditOutlined,
  car: CarOutlined,
  cart: ShoppingCartOutlined,
  laptop: LaptopOutlined,
  team: TeamOutlined,
  solution: SolutionOutlined,
  gift: GiftOutlined,
  tool: ToolOutlined,
};

export const DEFAULT_ICON = 'file';

export function FormIcon({ name }: { name?: string }) {
  const Icon = (name && FORM_ICONS[name]) || FORM_ICONS[DEFAULT_ICON];
  return <Icon />;
}
