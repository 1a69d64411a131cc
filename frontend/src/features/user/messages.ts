import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the user management and the personal center, zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'profile.username': ['用户名', 'Username'],
  'profile.email': ['邮箱', 'Email'],
  'profile.phone': ['手机号码', 'Mobile'],
  'profile.dept': ['所属部门', 'Department'],
  'profile.createTime': ['创建日期', 'Created'],
  'sys.dept': ['部门', 'Department'],
  'user.title': ['用户管理', 'Users'],
  'user.gender': ['性别', 'Gender'],
  'user.gender.m': ['男', 'Male'],
  'user.gender.f': ['女', 'Female'],
  'user.phone': ['电话', 'Phone'],
  'user.roles': ['角色', 'Roles'],
  'user.resetPwd': ['重置密码', 'Reset password'],
  'user.resetPwd.done': ['密码已重置', 'Password reset'],
  'user.endSessions': ['强制下线', 'Sign out'],
  'user.endSessions.confirm': ['确定让用户 {name} 在所有设备上下线吗？', 'Sign {name} out on every device?'],
  'user.endSessions.done': ['已强制下线', 'Signed out'],
  'center.profile': ['个人信息', 'Profile'],
  'center.basic': ['基本资料', 'Basic information'],
  'center.password': ['修改密码', 'Change password'],
  'center.signIns': ['最近登录', 'Recent sign-ins'],
  'center.nickName': ['昵称', 'Nickname'],
  'center.gender': ['性别', 'Gender'],
  'center.phone': ['手机号', 'Mobile'],
  'center.save': ['保存', 'Save'],
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
  'center.everywhere': ['退出所有设备', 'Log out everywhere'],
  'center.everywhere.confirm': [
    '将结束您在所有设备和浏览器上的登录（包括当前），确定吗？',
    'This ends your sign-in on every device and browser, this one included. Continue?',
  ],
  'center.signIn.ip': ['登录IP', 'IP address'],
  'center.signIn.browser': ['浏览器', 'Browser'],
  'center.signIn.result': ['结果', 'Result'],
  'center.signIn.ok': ['成功', 'Succeeded'],
  'center.signIn.fail': ['失败', 'Failed'],
  'center.reset': ['重置', 'Reset'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
