import { Drawer } from 'antd';
import { DataTable, pageQuery, type DataColumn } from '@/shared/ui/table';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { listJobRuns, type JobRow, type JobRun } from './api';
import { ResultTag } from './ResultTag';
import { useT } from './messages';

/** 执行记录: one job's runs, newest first, paged by the BFF. */
export default function RunsDrawer({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  const t = useT();
  const columns: DataColumn<JobRun>[] = [
    { className: DATE_CELL, title: t('job.start'), dataIndex: 'start', search: false },
    { className: DATE_CELL, title: t('job.end'), dataIndex: 'end', search: false },
    { title: t('job.duration'), dataIndex: 'durationMs', search: false, width: 110 },
    { title: t('job.rowsCol'), dataIndex: 'rows', search: false, width: 90 },
    {
      title: t('job.result'),
      dataIndex: 'result',
      search: false,
      width: 90,
      render: (_, run) => <ResultTag result={run.result} error={run.error} />,
    },
    {
      title: t('job.trigger'),
      dataIndex: 'trigger',
      search: false,
      width: 90,
      renderText: (v: JobRun['trigger']) => t(v === 'manual' ? 'job.trigger.manual' : 'job.trigger.schedule'),
    },
    { title: t('job.operator'), dataIndex: 'operator', search: false, width: 100 },
  ];
  return (
    <Drawer open={job !== null} onClose={onClose} width={900} title={job ? t('job.runs.title', { title: job.title }) : ''} destroyOnHidden>
      {job && (
        <DataTable<JobRun>
          title={t('job.runs')}
          rowKey="id"
          columns={columns}
          search={false}
          selection={false}
          serial={false}
          options={false}
          request={(_, params) => listJobRuns(job.name, pageQuery(params))}
        />
      )}
    </Drawer>
  );
}
