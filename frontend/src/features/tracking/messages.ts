import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 物流跟踪, zh-CN then en-US. */
export const messages = {
  'tracking.title': ['物流跟踪', 'Tracking'],
  'tracking.off': ['未启用物流跟踪', 'Parcel tracking is not enabled'],
  'tracking.refresh': ['刷新', 'Refresh'],
  'tracking.empty': ['暂无物流信息', 'No tracking events yet'],
  'tracking.never': ['尚未查询到物流信息', 'Not fetched yet'],
  'tracking.fetched': ['数据更新于 {time}（{age}）', 'Updated {time} ({age})'],
  'tracking.age.now': ['刚刚', 'just now'],
  'tracking.age.minutes': ['{n} 分钟前', '{n} min ago'],
  'tracking.age.hours': ['{n} 小时前', '{n} h ago'],
  'tracking.age.days': ['{n} 天前', '{n} d ago'],
  'tracking.failed': ['物流信息加载失败', 'Could not load tracking'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
