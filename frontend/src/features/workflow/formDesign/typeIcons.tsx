import {
  AlignLeftOutlined,
  ApartmentOutlined,
  CalendarOutlined,
  DollarOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FontSizeOutlined,
  InfoCircleOutlined,
  NumberOutlined,
  PaperClipOutlined,
  ScheduleOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { FieldType } from '../form/types';

/** The palette's and canvas's icon of each field type. */
export const TYPE_ICONS: Record<FieldType, ComponentType> = {
  text: FontSizeOutlined,
  textarea: AlignLeftOutlined,
  number: NumberOutlined,
  amount: DollarOutlined,
  select: UnorderedListOutlined,
  date: CalendarOutlined,
  dateRange: ScheduleOutlined,
  leaveRange: FieldTimeOutlined,
  dept: ApartmentOutlined,
  user: UserOutlined,
  upload: PaperClipOutlined,
  richtext: EditOutlined,
  description: InfoCircleOutlined,
};
