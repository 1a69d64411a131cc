/** The message types, in the order the pages show them (bff/internal/notify/message.go). */
export const MESSAGE_TYPES = [
  'order_to_ship',
  'aftersale_opened',
  'low_stock',
  'contract_expiring',
  'approval_task',
  'request_result',
  'job_failed',
] as const;

export type MessageType = (typeof MESSAGE_TYPES)[number];

/** One message as the signed-in user has it (notify.Stored). */
export interface StoredMessage {
  id: number;
  type: string;
  title: string;
  body: string;
  /** A console path such as /look?type=order&id=12; '' when there is nothing to open. */
  link: string;
  read: boolean;
  createTime: string;
  readTime: string | null;
}

/** One row of GET /api/messages/settings. */
export interface TypeSetting {
  type: string;
  label: string;
  enabled: boolean;
}

export function isMessageType(value: string): value is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(value);
}
