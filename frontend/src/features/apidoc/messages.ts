import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 接口文档, zh-CN then en-US. */
export const messages = {
  'apidoc.title': ['接口文档', 'API documentation'],
  'apidoc.open': ['在新窗口打开', 'Open in a new window'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
