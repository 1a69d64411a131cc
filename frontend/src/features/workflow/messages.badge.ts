import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** The header's 待办 badge, zh-CN then en-US: apart from messages.flow.ts so the frame does not load the pages' strings. */
export const messages = {
  'wf.badge.todo': ['待办', 'To do'],
} as const satisfies Messages;

export const { useT } = featureMessages(messages);
