import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** The message centre's strings, zh-CN then en-US (the bell, 消息中心 and its 接收设置). */
export const messages = {
  'msg.title': ['消息中心', 'Messages'],
  'msg.bell': ['消息', 'Messages'],
  'msg.empty': ['暂无消息', 'No messages'],
  'msg.readAll': ['全部已读', 'Mark all read'],
  'msg.viewAll': ['查看全部', 'View all'],
  'msg.markRead': ['标为已读', 'Mark read'],
  'msg.open': ['打开', 'Open'],
  'msg.tab.all': ['全部', 'All'],
  'msg.tab.unread': ['未读', 'Unread'],
  'msg.col.type': ['类型', 'Type'],
  'msg.col.title': ['标题', 'Title'],
  'msg.col.time': ['时间', 'Time'],
  'msg.col.status': ['状态', 'Status'],
  'msg.status.read': ['已读', 'Read'],
  'msg.status.unread': ['未读', 'Unread'],
  'msg.typeFilter': ['消息类型', 'Message type'],
  'msg.selectFirst': ['请先选择消息', 'Select messages first'],
  'msg.done': ['已标为已读', 'Marked as read'],
  'msg.settings': ['接收设置', 'Receive settings'],
  'msg.settings.hint': ['关闭的类型不再发给你', 'Types turned off are no longer sent to you'],
  'msg.settings.saved': ['已保存', 'Saved'],
  'msg.new': ['新消息', 'New message'],
  'msg.newMany': ['{n} 条新消息', '{n} new messages'],
  'msg.type.order_to_ship': ['待发货订单', 'Order to ship'],
  'msg.type.aftersale_opened': ['售后申请', 'After-sales case'],
  'msg.type.low_stock': ['库存预警', 'Low stock'],
  'msg.type.contract_expiring': ['合同到期', 'Contract expiring'],
  'msg.type.approval_task': ['审批待办', 'Approval task'],
  'msg.type.request_result': ['审批结果', 'Request result'],
  'msg.type.job_failed': ['任务失败', 'Job failed'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
