import { useState } from 'react';
import { App, Button, Form, Input, List, Modal, Tag } from 'antd';
import type { TaskRow } from '../types.flow';
import { approveMany, type ApprovedRow } from '../api.flow';
import { useT } from '../messages.flow';
import { batchProblem } from './batch';

/**
 * 批量同意 on 我的待办: the selected todos of one form approved with one comment; the server
 * approves each on its own, and the answer says per request which went through and why not.
 */
export function BatchApprove({ rows, onDone }: { rows: TaskRow[]; onDone: () => void }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment?: string }>();

  const start = () => {
    const problem = batchProblem(rows);
    if (problem) {
      void message.warning(t(problem === 'none' ? 'wf.batch.none' : 'wf.batch.mixed'));
      return;
    }
    form.resetFields();
    setOpen(true);
  };
  const submit = async () => {
    const { comment } = await form.validateFields();
    setBusy(true);
    try {
      const results = await approveMany(
        rows.map((r) => r.instanceId),
        (comment ?? '').trim(),
      );
      setOpen(false);
      report(results);
      onDone();
    } catch {
      // the request client has shown the server's reason
    } finally {
      setBusy(false);
    }
  };
  const report = (results: ApprovedRow[]) => {
    const failed = results.filter((r) => !r.ok);
    const ok = results.length - failed.length;
    if (failed.length === 0) {
      void message.success(t('wf.batch.allDone', { n: ok }));
      return;
    }
    const byId = new Map(rows.map((r) => [r.instanceId, r]));
    modal.warning({
      title: t('wf.batch.result', { ok, failed: failed.length }),
      width: 560,
      content: (
        <List
          size="small"
          aria-label={t('wf.batch.failedList')}
          dataSource={failed}
          renderItem={(r) => (
            <List.Item>
              <span>
                {byId.get(r.instanceId)?.applicant.name ?? `#${r.instanceId}`}
                {byId.get(r.instanceId)?.summary ? `（${byId.get(r.instanceId)?.summary}）` : ''}
              </span>
              <Tag color="error">{r.message}</Tag>
            </List.Item>
          )}
        />
      ),
    });
  };

  return (
    <>
      <Button type="primary" disabled={rows.length === 0} onClick={start}>
        {t('wf.batch.approve')}
        {rows.length ? `（${rows.length}）` : ''}
      </Button>
      <Modal title={t('wf.batch.approve')} open={open} confirmLoading={busy} onOk={() => void submit().catch(() => undefined)} onCancel={() => setOpen(false)} destroyOnHidden>
        <p>{t('wf.batch.intro', { n: rows.length, form: rows[0]?.formName ?? '' })}</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="comment" label={t('wf.act.comment')}>
            <Input.TextArea aria-label={t('wf.act.comment')} rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
