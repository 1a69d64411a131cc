import { useRef, useState } from 'react';
import { App, Space, Tag, Typography } from 'antd';
import { Perm } from '@/shared/api/permissions';
import { DataTable, useActionColumn, type ActionType, type DataColumn } from '@/shared/ui/table';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { listJobs, pauseJob, resumeJob, runJob, type JobRow } from './api';
import { ResultTag } from './ResultTag';
import RunsDrawer from './RunsDrawer';
import { scheduleText } from './schedule';
import { useT } from './messages';

/**
 * 定时任务: the jobs the BFF declares in code, each run once across its instances
 * (docs/operations.md "Jobs"). 立即执行 waits for the run; 暂停 stops the schedule, not a run.
 */
export default function JobPage() {
  const t = useT();
  const { modal, message } = App.useApp();
  const table = useRef<ActionType>(null);
  const [runsOf, setRunsOf] = useState<JobRow | null>(null);
  const reload = () => void table.current?.reload();

  const actions = useActionColumn<JobRow>({
    perm: 'job',
    extra: [
      {
        key: 'run',
        label: t('job.run'),
        perm: Perm.JobRun,
        onClick: (row) =>
          modal.confirm({
            title: t('common.hint'),
            content: t('job.run.confirm', { title: row.title }),
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            onOk: async () => {
              const run = await runJob(row.name);
              if (run.result === 'ok') void message.success(t('job.run.done', { rows: run.rows }));
              else void message.error(t('job.run.failed', { error: run.error || t(`job.result.${run.result}`) }));
              reload();
            },
          }),
      },
      {
        key: 'pause',
        label: t('job.pause'),
        perm: Perm.JobEdit,
        visible: (row) => !row.paused,
        onClick: (row) =>
          void pauseJob(row.name).then(() => {
            void message.success(t('job.paused'));
            reload();
          }),
      },
      {
        key: 'resume',
        label: t('job.resume'),
        perm: Perm.JobEdit,
        visible: (row) => row.paused,
        onClick: (row) =>
          void resumeJob(row.name).then(() => {
            void message.success(t('job.resumed'));
            reload();
          }),
      },
      { key: 'runs', label: t('job.runs'), perm: Perm.JobList, onClick: setRunsOf },
    ],
    visibleAtOnce: 1,
  });

  const columns: DataColumn<JobRow>[] = [
    {
      title: t('job.name'),
      dataIndex: 'title',
      search: false,
      width: 220,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.title}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.name}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('job.schedule'), dataIndex: 'schedule', search: false, width: 150, renderText: (v: string) => scheduleText(v, t) },
    {
      title: t('job.status'),
      dataIndex: 'paused',
      search: false,
      width: 90,
      render: (_, row) => (row.paused ? <Tag>{t('job.status.paused')}</Tag> : <Tag color="green">{t('job.status.active')}</Tag>),
    },
    {
      title: t('job.lastRun'),
      dataIndex: 'lastRun',
      search: false,
      render: (_, row) =>
        row.lastRun ? (
          <Space size={8} wrap>
            <span>{row.lastRun.start}</span>
            <span>{t('job.ms', { n: row.lastRun.durationMs })}</span>
            <span>{t('job.rows', { n: row.lastRun.rows })}</span>
            <ResultTag result={row.lastRun.result} error={row.lastRun.error} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('job.never')}</Typography.Text>
        ),
    },
    { className: DATE_CELL, title: t('job.nextRun'), dataIndex: 'nextRun', search: false },
    { ...actions, fixed: 'right' },
  ];

  return (
    <>
      <DataTable<JobRow>
        title={t('job.title')}
        actionRef={table}
        rowKey="name"
        columns={columns}
        search={false}
        pagination={false}
        selection={false}
        scroll={{ x: 'max-content' }}
        request={async () => {
          const rows = await listJobs();
          return { content: rows, totalElements: rows.length };
        }}
      />
      <RunsDrawer job={runsOf} onClose={() => setRunsOf(null)} />
    </>
  );
}
