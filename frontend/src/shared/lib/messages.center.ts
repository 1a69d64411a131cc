/**
 * Strings of the personal center (/user/center), zh-CN then en-US. Kept apart from i18n.ts's table
 * (which spreads this object) so that other features adding strings there do not collide.
 */
export const centerMessages = {
  'center.profile': ['个人信息', 'Profile'],
  'center.basic': ['基本资料', 'Basic information'],
  'center.password': ['修改密码', 'Change password'],
  'center.signIns': ['最近登录', 'Recent sign-ins'],
  'center.nickName': ['昵称', 'Nickname'],
  'center.gender': ['性别', 'Gender'],
  'center.phone': ['手机号', 'Mobile'],
  'center.save': ['保存', 'Save'],
  'center.reset': ['重置', 'Reset'],
  'center.saved': ['修改成功', 'Changed successfully'],
  'center.oldPass': ['旧密码', 'Old password'],
  'center.newPass': ['新密码', 'New password'],
  'center.confirmPass': ['确认密码', 'Confirm password'],
  'center.passMismatch': ['两次输入的密码不一致', 'The two passwords differ'],
  'center.passSame': ['新密码不能与旧密码相同', 'The new password must differ from the old one'],
  'center.avatar': ['头像', 'Avatar'],
  'center.avatar.change': ['更换头像', 'Change avatar'],
  'center.avatar.tip': ['支持 png、jpg、jpeg、gif、webp、bmp，不超过{n}MB', 'png, jpg, jpeg, gif, webp or bmp, at most {n}MB'],
  'center.avatar.saved': ['头像已更新', 'Avatar updated'],
  'center.signIn.time': ['登录时间', 'Time'],
  'center.signIn.ip': ['登录IP', 'IP address'],
  'center.signIn.browser': ['浏览器', 'Browser'],
  'center.signIn.result': ['结果', 'Result'],
  'center.signIn.ok': ['成功', 'Succeeded'],
  'center.signIn.fail': ['失败', 'Failed'],
} as const satisfies Record<string, readonly [string, string]>;
