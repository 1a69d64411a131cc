import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { caseLookPath, useRecordTitles } from '@/shared/lib/look';
import { Card, Descriptions, Result, Space, Spin, Timeline, Typography } from 'antd';
import type { FlowNode, Instance, Step } from '../types.flow';
import { nodeName } from '../flowNodes';
import { getInstance } from '../api.flow';
import { useT } from '../messages.flow';
import { FlowCanvas } from '../flowDesign/FlowCanvas';
import { ActionBar } from './ActionBar';
import { FieldValue } from './FieldValue';
import { StatusTag } from './status';

const STEP_COLORS: Partial<Record<Step['action'], string>> = { approve: 'green', finish: 'green', auto_pass: 'green', reject: 'red', withdraw: 'gray', return: 'orange' };

function StepItem({ step, flow }: { step: Step; flow: FlowNode }) {
  const t = useT();
  return (
    <div data-step={step.action}>
      <Space wrap>
        <Typography.Text strong>{step.user?.name ?? t('wf.step.system')}</Typography.Text>
        <span>{t(`wf.step.${step.action}`)}</span>
        {step.to && <span>{t('wf.step.to', { name: step.to.name })}</span>}
        {step.nodeId && <Typography.Text type="secondary">{nodeName(flow, step.nodeId, t)}</Typography.Text>}
        <Typography.Text type="secondary">{step.time}</Typography.Text>
      </Space>
      {step.comment && <div style={{ color: '#555', whiteSpace: 'pre-wrap' }}>{step.comment}</div>}
    </div>
  );
}

/** 流程详情 /flowDetail?id=: the filled form, the flow with passed and current nodes, the timeline, the caller's actions. */
export default function FlowDetailPage() {
  const t = useT();
  const id = Number(useSearchParams()[0].get('id'));
  const [inst, setInst] = useState<Instance | null | undefined>(undefined);

  const load = useCallback(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setInst(null);
      return () => undefined;
    }
    let live = true;
    getInstance(id)
      .then((i) => live && setInst(i))
      .catch(() => live && setInst(null)); // the request client has told the user
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(load, [load]);
  // each flow is a tab of its own, titled by which one it is (流程详情 · 请假 #12)
  const { pathname, search } = useLocation();
  const setTitle = useRecordTitles((s) => s.set);
  useEffect(() => {
    if (inst) setTitle(pathname + search, `${t('route.flowDetail')} · ${inst.form.name} #${inst.id}`);
  }, [inst, pathname, search, setTitle, t]);

  if (inst === undefined) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (inst === null) return <Result status="404" title={t('route.flowDetail')} subTitle={Number.isInteger(id) && id > 0 ? undefined : t('wf.detail.missing')} />;

  const shown = inst.form.schema.fields.filter((f) => inst.fieldPerms[f.key] !== 'hidden');
  const pending = inst.pending.flatMap((p) => p.users.map((u) => u.name));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={
          <Space>
            <span>{inst.form.name}</span>
            <StatusTag status={inst.status} />
          </Space>
        }
        extra={<ActionBar instance={inst} onDone={setInst} onStale={load} />}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('wf.detail.applicant')}>{inst.applicant.name}</Descriptions.Item>
          <Descriptions.Item label={t('wf.detail.time')}>{inst.createTime}</Descriptions.Item>
          {inst.batchId ? (
            <Descriptions.Item label={t('wf.detail.batch')}>
              <Link to={`/batchDetail?id=${inst.batchId}`}>{`#${inst.batchId}`}</Link>
            </Descriptions.Item>
          ) : null}
          {inst.resubmitOf ? (
            <Descriptions.Item label={t('wf.detail.resubmitOf')}>
              <Link to={`/flowDetail?id=${inst.resubmitOf}`}>{`#${inst.resubmitOf}`}</Link>
            </Descriptions.Item>
          ) : null}
          {inst.resentAs ? (
            <Descriptions.Item label={t('wf.detail.resentAs')}>
              <Link to={`/flowDetail?id=${inst.resentAs}`}>{`#${inst.resentAs}`}</Link>
            </Descriptions.Item>
          ) : null}
          {inst.ref?.kind === 'aftersale' && inst.ref.no ? (
            <Descriptions.Item label={t('wf.detail.aftersale')}>
              <Link to={caseLookPath(inst.ref.no)}>{inst.ref.no}</Link>
            </Descriptions.Item>
          ) : null}
          {inst.status === 'running' && pending.length > 0 && (
            <Descriptions.Item label={t('wf.detail.status')}>{t('wf.detail.pending', { names: pending.join('、') })}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title={t('wf.detail.content')}>
        <Descriptions bordered size="small" column={1} styles={{ label: { width: 160 } }}>
          {shown.map((f) => (
            <Descriptions.Item key={f.key} label={f.label || ' '}>
              <FieldValue field={f} value={inst.data[f.key]} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card title={t('wf.detail.flow')} styles={{ body: { padding: 0 } }}>
        <FlowCanvas root={inst.form.flow} fields={inst.form.schema.fields} passed={inst.passedNodeIds} current={inst.currentNodeIds} style={{ minHeight: 0 }} />
      </Card>
      <Card title={t('wf.detail.timeline')}>
        <Timeline items={inst.timeline.map((s) => ({ key: s.id, color: STEP_COLORS[s.action] ?? 'blue', children: <StepItem step={s} flow={inst.form.flow} /> }))} />
      </Card>
    </Space>
  );
}
