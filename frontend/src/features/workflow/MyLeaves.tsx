import { forwardRef, useImperativeHandle, useRef } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useT } from './messages';
import { DEFAULT_PAGE_SIZE, toTableData } from '@/shared/ui/table';
import { myLeaves, type LeaveRow } from './api';
import { personText } from './logic';

export interface MyLeavesHandle {
  reload: () => void;
}

/** The caller's applications and those they started for others, newest first. */
export const MyLeaves = forwardRef<MyLeavesHandle>(function MyLeaves(_, ref) {
  const t = useT();
  const action = useRef<ActionType>(undefined);
  useImperativeHandle(ref, () => ({ reload: () => void action.current?.reloadAndRest?.() }), []);
  const columns: ProColumns<LeaveRow>[] = [
    { title: t('wf.leave.applicants'), key: 'applicant', render: (_, r) => personText(r.applicant) },
    { title: t('wf.leave.type'), dataIndex: 'typeLabel', render: (_, r) => r.typeLabel || r.type },
    { title: t('wf.leave.start'), dataIndex: 'startTime' },
    { title: t('wf.leave.end'), dataIndex: 'endTime' },
    { title: t('wf.leave.days'), dataIndex: 'days' },
    { title: t('wf.leave.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('wf.leave.approver'), key: 'approver', render: (_, r) => personText(r.approver) },
    { title: t('wf.leave.cc'), key: 'cc', render: (_, r) => (r.cc.length ? r.cc.map(personText).join('、') : '-') },
    {
      title: t('wf.leave.status'),
      dataIndex: 'status',
      render: (_, r) => (
        <Tag color={r.status === 'rejected' ? 'red' : 'processing'}>{t(r.status === 'rejected' ? 'wf.status.rejected' : 'wf.status.pending')}</Tag>
      ),
    },
    { title: t('wf.leave.createTime'), dataIndex: 'createTime' },
  ];
  return (
    <ProTable<LeaveRow>
      rowKey="id"
      headerTitle={t('wf.leave.mine')}
      actionRef={action}
      columns={columns}
      columnEmptyText="-"
      search={false}
      options={{ density: false, fullScreen: false, reload: true, setting: false }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
      scroll={{ x: 'max-content' }}
      request={async ({ current = 1, pageSize = DEFAULT_PAGE_SIZE }) => {
        return toTableData(await myLeaves({ page: current - 1, size: pageSize }));
      }}
    />
  );
});
