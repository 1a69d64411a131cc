/**
 * Texts of the BFF's error codes (docs/api.md, "Errors"), [zh-CN, en-US]. Chinese users see the
 * server's own message, which is more precise; these are the English texts and the Chinese
 * fallbacks of answers without a message.
 */
export const apiMessages = {
  'err.code.validation': ['请检查表单中标出的项', 'Please correct the marked fields'],
  'err.code.bad_request': ['请求格式错误', 'The request is not valid'],
  'err.code.unauthorized': ['未登录', 'Not signed in'],
  'err.code.forbidden': ['没有权限', 'No permission'],
  'err.code.not_found': ['不存在', 'Not found'],
  'err.code.session_expired': ['登录状态已过期，请重新登录', 'Session expired, please sign in again'],
  'err.code.kicked': ['您已被管理员强制下线，请重新登录', 'You have been signed out by an administrator, please sign in again'],
  'err.code.conflict': ['已存在或正在使用', 'Already exists or still in use'],
  'err.code.too_large': ['请求体过大', 'The request is too large'],
  'err.code.rate_limited': ['请求过于频繁，请稍后再试', 'Too many requests, please try again later'],
  'err.code.internal': ['服务器内部错误', 'Server error'],
  'err.code.unavailable': ['服务暂不可用', 'Service unavailable'],
  'err.code.storage_full': ['存储空间不足，文件未保存', 'Storage is full, the file was not saved'],
  // sign-in refusals
  'err.code.captcha_expired': ['验证码不存在或已过期', 'The captcha has expired, please take a new one'],
  'err.code.captcha_wrong': ['验证码错误', 'Wrong captcha'],
  'err.code.bad_credentials': ['用户名或密码错误', 'Wrong user name or password'],
  'err.code.account_disabled': ['账号未激活', 'The account is not active'],
  'err.code.ip_not_allowed': ['当前IP不在该账号的登录IP白名单内，禁止登录', 'This account may not sign in from your address (allowed sign-in IPs)'],
  'err.field.required': ['不能为空', 'This is required, cannot be empty'],
  'err.field.too_long': ['太长', 'Too long'],
  'err.field.format': ['格式不正确', 'Not in the expected format'],
  'err.field.choice': ['不在可选范围内', 'Not one of the allowed choices'],
  'err.field.range': ['超出允许范围', 'Out of the allowed range'],
  'err.field.conflict': ['已存在', 'Already exists'],
  'err.field.invalid': ['无效', 'Not valid'],
} as const;
