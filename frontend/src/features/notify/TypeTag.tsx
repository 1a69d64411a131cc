import { Tag } from 'antd';
import { useT } from './messages';
import { isMessageType, type MessageType } from './types';

const COLORS: Record<MessageType, string> = {
  order_to_ship: 'blue',
  aftersale_opened: 'orange',
  low_stock: 'red',
  contract_expiring: 'gold',
  approval_task: 'purple',
  request_result: 'green',
  job_failed: 'magenta',
};

/** A message's type as a coloured tag; a type this build does not know shows as it came. */
export function TypeTag({ type }: { type: string }) {
  const t = useT();
  if (!isMessageType(type)) return <Tag>{type}</Tag>;
  return <Tag color={COLORS[type]}>{t(`msg.type.${type}`)}</Tag>;
}
