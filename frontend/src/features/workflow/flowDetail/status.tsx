import { Tag } from 'antd';
import type { InstanceStatus } from '../types.flow';
import { useT } from '../messages.flow';

const COLORS: Record<InstanceStatus, string> = { running: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default', returned: 'warning' };

/** 审批中 / 已通过 / 已拒绝 / 已撤回 / 已退回 (docs/workflow.md). */
export function StatusTag({ status }: { status: InstanceStatus }) {
  const t = useT();
  return <Tag color={COLORS[status] ?? 'default'}>{COLORS[status] ? t(`wf.st.${status}`) : status}</Tag>;
}
