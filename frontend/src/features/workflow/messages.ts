import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * Strings of the workflow pages (the leave request), zh-CN then en-US. The shared strings (buttons, validation, the
 * frame's) stay in shared/lib/i18n.ts; this feature's `t` and `useT` know both.
 */
export const messages = {
  'wf.leave.title': ['请假申请', 'Leave request'],
  'wf.leave.type': ['请假类型', 'Leave type'],
  'wf.leave.range': ['请假时间', 'Leave period'],
  'wf.leave.reason': ['事由', 'Reason'],
  'wf.leave.approver': ['审批人', 'Approver'],
  'wf.leave.cc': ['抄送', 'Carbon copy'],
  'wf.leave.attachments': ['附件', 'Attachments'],
  'wf.leave.attachments.tip': ['可上传1个文件（PDF或图片），不超过5MB', 'One file (PDF or picture), at most 5MB'],
  'wf.leave.applicants': ['申请人', 'Applicants'],
  'wf.leave.days': ['天数', 'Days'],
  'wf.leave.status': ['状态', 'Status'],
  'wf.leave.createTime': ['申请时间', 'Applied at'],
  'wf.leave.start': ['开始时间', 'Start'],
  'wf.leave.end': ['结束时间', 'End'],
  'wf.leave.mine': ['我的申请', 'My applications'],
  'wf.leave.batchHint': [
    '为多人同时发起同一请假申请：每位申请人各生成一条申请，任何一人不满足条件时全部不提交。',
    'Starts the same leave request for several people: one application each; if any of them does not qualify, none is submitted.',
  ],
  'wf.leave.noBatch': ['您没有为多人发起申请的权限（leave:batch）', 'You may not start applications for several people (leave:batch)'],
  'wf.status.pending': ['审批中', 'Pending approval'],
  'wf.status.rejected': ['已驳回', 'Rejected'],
  'wf.submit': ['提交', 'Submit'],
  'wf.reset': ['重置', 'Reset'],
  'wf.submitted': ['提交成功', 'Submitted'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
