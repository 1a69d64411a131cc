import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 开放接口 (the storefront API's clients), zh-CN then en-US. */
export const messages = {
  'openClient.title': ['开放接口', 'API clients'],
  'openClient.add': ['新建', 'New'],
  'openClient.name': ['名称', 'Name'],
  'openClient.clientId': ['客户端ID', 'Client ID'],
  'openClient.owner': ['所属', 'Belongs to'],
  'openClient.owner.shop': ['本店', 'The shop'],
  'openClient.owner.agency': ['渠道', 'A channel'],
  'openClient.agency': ['所属渠道', 'Channel'],
  'openClient.scopes': ['权限范围', 'Scopes'],
  'openClient.status': ['状态', 'Status'],
  'openClient.status.active': ['有效', 'Active'],
  'openClient.status.revoked': ['已吊销', 'Revoked'],
  'openClient.lastUsed': ['最近使用', 'Last used'],
  'openClient.never': ['从未使用', 'Never'],
  'openClient.rotate': ['轮换密钥', 'Rotate secret'],
  'openClient.rotate.confirm': ['轮换后旧密钥立即失效，确定为 {name} 生成新密钥吗？', 'The old secret stops working at once. Rotate the secret of {name}?'],
  'openClient.revoke': ['吊销', 'Revoke'],
  'openClient.revoke.confirm': ['吊销后该客户端的调用立即被拒绝且无法恢复，确定吊销 {name} 吗？', 'Its calls are refused at once, for good. Revoke {name}?'],
  'openClient.revoked': ['已吊销', 'Revoked'],
  'openClient.secret': ['密钥', 'Secret'],
  'openClient.secret.title': ['请保存客户端密钥', 'Save the client secret'],
  'openClient.secret.once': ['仅显示一次：关闭后无法再次查看，遗失只能轮换密钥。', 'Shown only once: it cannot be shown again; if lost, rotate the secret.'],
  'openClient.secret.done': ['我已保存', 'I have saved it'],
  'openClient.copy': ['复制', 'Copy'],
  'openClient.copied': ['已复制', 'Copied'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
