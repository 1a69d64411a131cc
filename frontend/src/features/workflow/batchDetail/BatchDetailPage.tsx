import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useRecordTitles } from '@/shared/lib/look';
import { Card, Descriptions, Result, Spin, Table } from 'antd';
import type { Batch } from '../types.flow';
import { getBatch } from '../api.flow';
import { useT } from '../messages.flow';
import { StatusTag } from '../flowDetail/status';
import { actionColumnWidth } from '@/shared/ui/table';

type Row = Batch['instances'][number];

/** 批量申请详情 /batchDetail?id=: the batch and every instance's state, each linking to /flowDetail. */
export default function BatchDetailPage() {
  const t = useT();
  const id = Number(useSearchParams()[0].get('id'));
  const [batch, setBatch] = useState<Batch | null | undefined>(undefined);
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setBatch(null);
      return;
    }
    let live = true;
    getBatch(id)
      .then((b) => live && setBatch(b))
      .catch(() => live && setBatch(null)); // the request client has told the user
    return () => {
      live = false;
    };
  }, [id]);

  // each batch is a tab of its own, titled by which one it is (批量申请详情 · 请假 #3)
  const { pathname, search } = useLocation();
  const setTitle = useRecordTitles((s) => s.set);
  useEffect(() => {
    if (batch) setTitle(pathname + search, `${t('wf.batch.title')} · ${batch.form.name} #${batch.id}`);
  }, [batch, pathname, search, setTitle, t]);

  if (batch === undefined) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (batch === null) return <Result status="404" title={t('wf.batch.title')} />;
  return (
    <Card title={`${t('wf.batch.title')} · ${batch.form.name}`}>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('wf.detail.form')}>{batch.form.name}</Descriptions.Item>
        <Descriptions.Item label={t('wf.batch.creator')}>{batch.creator.name}</Descriptions.Item>
        <Descriptions.Item label={t('wf.detail.time')}>{batch.createTime}</Descriptions.Item>
      </Descriptions>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        title={() => t('wf.batch.instances')}
        dataSource={batch.instances}
        columns={[
          { title: t('wf.detail.applicant'), render: (_, r) => r.applicant.name },
          { title: t('wf.detail.status'), render: (_, r) => <StatusTag status={r.status} /> },
          {
            title: t('sys.actions'),
            key: '_actions',
            // as wide as its one link in the chosen language, like every 操作 column
            width: actionColumnWidth(t('sys.actions'), [t('wf.view')]),
            render: (_, r) => <Link to={`/flowDetail?id=${r.id}`}>{t('wf.view')}</Link>,
          },
        ]}
      />
    </Card>
  );
}
