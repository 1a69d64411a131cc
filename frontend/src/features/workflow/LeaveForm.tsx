import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useT } from './messages';
import { itemRules, placeholder } from '@/shared/lib/rules';
import { DictSelect } from '@/shared/ui/dict';
import { TEXTAREA_ROWS } from '@/shared/ui/form';
import { LeaveDateRange } from './LeaveDateRange';
import { DeptUserPicker } from '@/shared/ui/picker';
import { Upload } from '@/shared/ui/upload';
import { submitLeave, submitLeaveBatch } from './api';
import { toBody, type LeaveValues } from './logic';

export const LEAVE_TYPE_DICT = 'leave_type';
const REASON_MAX = 500;

export interface LeaveFormProps {
  /** /startBatch: the same application for several people, chosen in the picker. */
  batch?: boolean;
  /** Remaining annual leave of the applicant; null or undefined shows X. */
  remaining?: number | null;
  /** After a successful submit (the form is cleared by then). */
  onSubmitted?: () => void;
}

/** The built-in leave request (请假): the form of /applyForm and, with applicants, /startBatch. */
export function LeaveForm({ batch = false, remaining, onSubmitted }: LeaveFormProps) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<LeaveValues>();
  const [busy, setBusy] = useState(false);
  const label = {
    applicants: t('wf.leave.applicants'),
    type: t('wf.leave.type'),
    range: t('wf.leave.range'),
    reason: t('wf.leave.reason'),
    approver: t('wf.leave.approver'),
    cc: t('wf.leave.cc'),
    attachments: t('wf.leave.attachments'),
  };

  const submit = async (values: LeaveValues) => {
    setBusy(true);
    try {
      const body = toBody(values, batch);
      await (batch ? submitLeaveBatch(body) : submitLeave(body));
      void message.success(t('wf.submitted'));
      form.resetFields();
      onSubmitted?.();
    } catch {
      // the request client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<LeaveValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 720 }}
      onFinish={(v) => void submit(v)}
      aria-label={t('wf.leave.title')}
    >
      {batch ? (
        <>
          <Alert type="info" showIcon message={t('wf.leave.batchHint')} style={{ marginBottom: 16 }} />
          <Form.Item name="applicants" label={label.applicants} {...itemRules('select')}>
            <DeptUserPicker multiple label={label.applicants} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="type" label={label.type} {...itemRules('select')}>
        <DictSelect dict={LEAVE_TYPE_DICT} label={label.type} aria-label={label.type} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="range" label={label.range} {...itemRules('dateRange')}>
        <LeaveDateRange remaining={remaining} />
      </Form.Item>
      <Form.Item name="reason" label={label.reason} {...itemRules('textarea')}>
        <Input.TextArea
          rows={TEXTAREA_ROWS}
          maxLength={REASON_MAX}
          showCount
          placeholder={placeholder(label.reason, 'textarea')}
          aria-label={label.reason}
        />
      </Form.Item>
      <Form.Item name="approver" label={label.approver} {...itemRules('select')}>
        <DeptUserPicker label={label.approver} />
      </Form.Item>
      <Form.Item name="cc" label={label.cc} {...itemRules('select', undefined, true)}>
        <DeptUserPicker multiple label={label.cc} />
      </Form.Item>
      <Form.Item name="attachments" label={label.attachments} {...itemRules('upload', undefined, true)}>
        <Upload listType="text" label={label.attachments} tip={t('wf.leave.attachments.tip')} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('wf.submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('wf.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
