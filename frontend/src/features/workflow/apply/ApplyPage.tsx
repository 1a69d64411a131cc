import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { submitForm } from '@/shared/ui/form';
import { DeptUserPicker } from '@/shared/ui/picker';
import { useT } from '../messages';
import { FormRenderer, cleanData, defaultsOf, approversKey } from '../form';
import { getForm, startBatch, startInstance, type FormDetail } from '../formApi';
import { leaveBalance } from '../api';
import { nodeLabel, selfApproverNodes } from '../flowNodes';
import { useT as useFlowT } from '../messages.flow';
import { FormIcon } from '../formIcons';
import { FormChooser } from './FormChooser';

/**
 * /applyForm and /startBatch: choose a published form (`?form=<id>` keeps the choice in the
 * address), fill it, pick the approvers of `self` nodes (and, for a batch, the applicants),
 * submit → the new instance's (or batch's) page.
 */
export function ApplyPage({ batch = false }: { batch?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mayBatch = usePermission([Perm.LeaveBatch]);
  const formId = Number(params.get('form')) || null;
  const title = t(batch ? 'route.startBatch' : 'route.applyForm');
  if (batch && !mayBatch) {
    return (
      <Card title={title}>
        <Alert type="warning" showIcon message={t('wf.leave.noBatch')} />
      </Card>
    );
  }
  return (
    <Card title={formId ? undefined : `${title} · ${t('wf.apply.choose')}`}>
      {!formId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t(batch ? 'wf.apply.batchIntro' : 'wf.apply.selfHint')}
        />
      )}
      {formId ? (
        <Filling
          key={formId}
          formId={formId}
          batch={batch}
          onBack={() => setParams({})}
          onDone={(id) => void navigate(batch ? `/batchDetail?id=${id}` : `/flowDetail?id=${id}`)}
        />
      ) : (
        <FormChooser onChoose={(f) => setParams({ form: String(f.id) })} />
      )}
    </Card>
  );
}

interface FillingProps {
  formId: number;
  batch: boolean;
  onBack: () => void;
  onDone: (id: number) => void;
}

function Filling({ formId, batch, onBack, onDone }: FillingProps) {
  const t = useT();
  const flowT = useFlowT();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [detail, setDetail] = useState<FormDetail | null>(null);
  const [balance, setBalance] = useState<number | null>();
  const [busy, setBusy] = useState(false);
  const published = detail?.published ?? null;
  const fields = published?.schema.fields ?? [];
  const hasLeave = fields.some((f) => f.type === 'leaveRange');

  useEffect(() => {
    let live = true;
    getForm(formId)
      .then((d) => live && setDetail(d))
      .catch(() => undefined); // the request client has told the user
    return () => {
      live = false;
    };
  }, [formId]);
  useEffect(() => {
    // the balance is the applicant's own; for several people the server checks each
    if (!hasLeave || batch) return;
    leaveBalance()
      .then((b) => setBalance(b.remainingDays))
      .catch(() => undefined);
  }, [hasLeave, batch]);

  if (!detail) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!published) return <Alert type="warning" showIcon message={t('wf.apply.none')} action={<Button onClick={onBack}>{t('wf.apply.change')}</Button>} />;
  const selfNodes = selfApproverNodes(published.flow);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    const data = cleanData(fields, values);
    const done = await submitForm(form, () =>
      batch ? startBatch({ formId, data, applicants: (values.applicants as number[]) ?? [] }) : startInstance({ formId, data }),
    );
    setBusy(false);
    if (!done) return;
    // the page stays alive in its tab: it must not offer the sent application a second time
    form.resetFields();
    onDone(done.id);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space style={{ fontSize: 16, fontWeight: 600 }}>
          <FormIcon name={detail.icon} />
          {detail.name}
        </Space>
        <Button onClick={onBack}>{t('wf.apply.change')}</Button>
      </Space>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 760 }}
        initialValues={defaultsOf(fields)}
        onFinish={(v) => void submit(v)}
        aria-label={detail.name}
      >
        {batch ? (
          <>
            <Alert type="info" showIcon message={t('wf.apply.batchHint')} style={{ marginBottom: 16 }} />
            <Form.Item name="applicants" label={t('wf.leave.applicants')} rules={[{ required: true, message: t('v.required') }]}>
              <DeptUserPicker pick="userId" multiple label={t('wf.leave.applicants')} />
            </Form.Item>
          </>
        ) : null}
        <FormRenderer fields={fields} leaveBalance={hasLeave && !batch ? balance : undefined} />
        {selfNodes.map((n) => {
          const label = nodeLabel(n, flowT);
          return (
            <Form.Item
              key={n.id}
              name={approversKey(n.id)}
              label={label}
              extra={t('wf.apply.approvers')}
              rules={[{ required: true, message: t('v.required') }]}
            >
              <DeptUserPicker pick="userId" multiple label={label} />
            </Form.Item>
          );
        })}
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('wf.submit')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('wf.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Space>
  );
}
