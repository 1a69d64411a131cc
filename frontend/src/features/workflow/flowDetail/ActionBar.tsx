import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isAxiosError } from 'axios';
import { Alert, App, Button, Form, Input, Modal, Select, Space } from 'antd';
import type { Instance, InstanceAction, Ref } from '../types.flow';
import { approve, reject, resend, resubmit, returnTo, transfer, withdraw } from '../api.flow';
import { useT } from '../messages.flow';
import { nodeName } from '../flowNodes';
import { UsersPicker } from '../flowDesign/RefPickers';
import { cleanData, FormRenderer, type Field } from '../form';

interface Props {
  instance: Instance;
  /** The action's answer is the instance as it is now. */
  onDone: (next: Instance) => void;
  /** 409: someone else handled the task first; the page reads the instance again. */
  onStale: () => void;
}

type Dialog = Exclude<InstanceAction, 'withdraw'>;

interface Values {
  comment?: string;
  nodeId?: string;
  user?: Ref[];
  [field: string]: unknown;
}

const ORDER: InstanceAction[] = ['approve', 'reject', 'return', 'transfer', 'withdraw', 'resubmit', 'resend'];

/** The buttons of the actions the signed-in user may take now (the instance's `actions`). */
export function ActionBar({ instance, onDone, onStale }: Props) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();

  const run = async (call: () => Promise<Instance>) => {
    setBusy(true);
    try {
      const next = await call();
      void message.success(t('wf.act.done'));
      setOpen(null);
      onDone(next);
    } catch (err) {
      // the client showed the server's message (该任务已被处理，请刷新); what is on screen is stale
      if (isAxiosError(err) && err.response?.status === 409) {
        setOpen(null);
        onStale();
      }
    } finally {
      setBusy(false);
    }
  };

  // The approver changes the fields this node may edit (the flow designer's 字段权限); the
  // initiator of a returned instance changes the form as their own permissions allow.
  const fields = instance.form.schema.fields as Field[];
  const editable = fields.filter((f) => instance.fieldPerms[f.key] === 'edit');

  const submit = async () => {
    const v = await form.validateFields();
    const id = instance.id;
    const comment = typeof v.comment === 'string' ? v.comment.trim() : '';
    if (open === 'approve') await run(() => approve(id, comment, editable.length ? cleanData(editable, v) : undefined));
    if (open === 'reject') await run(() => reject(id, comment));
    if (open === 'return' && v.nodeId) await run(() => returnTo(id, v.nodeId as string, comment));
    if (open === 'transfer' && v.user?.[0]) await run(() => transfer(id, (v.user as Ref[])[0].id, comment));
    if (open === 'resubmit') await run(() => resubmit(id, cleanData(fields, v, instance.fieldPerms)));
    if (open === 'resend') {
      // a new request with the edited values; the rejected one stays as it was
      setBusy(true);
      try {
        const sent = await resend(id, cleanData(fields, v));
        void message.success(t('wf.act.done'));
        setOpen(null);
        // the old request's tab stays open: reload it so it shows 已重新提交为 and no longer offers 重新提交
        onStale();
        void navigate(`/flowDetail?id=${sent.id}`);
      } catch {
        // the request client has shown the server's reason
      } finally {
        setBusy(false);
      }
    }
  };

  const start = (a: InstanceAction) => {
    if (a === 'withdraw') {
      modal.confirm({ title: t('wf.act.withdrawConfirm'), onOk: () => run(() => withdraw(instance.id)) });
      return;
    }
    form.resetFields();
    setOpen(a);
  };

  const actions = ORDER.filter((a) => instance.actions.includes(a));
  if (!actions.length) return null;
  return (
    <>
      <Space wrap>
        {actions.map((a) => (
          <Button key={a} type={a === 'approve' || a === 'resubmit' || a === 'resend' ? 'primary' : 'default'} danger={a === 'reject'} onClick={() => start(a)}>
            {t(`wf.act.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        title={open ? t(`wf.act.${open}`) : ''}
        open={open !== null}
        confirmLoading={busy}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setOpen(null)}
        destroyOnHidden
        width={open === 'resubmit' || open === 'resend' ? 720 : 520}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={open === 'approve' || open === 'resubmit' || open === 'resend' ? instance.data : undefined}>
          {open === 'approve' && editable.length > 0 && <FormRenderer fields={editable} />}
          {open === 'resubmit' && <FormRenderer fields={fields} perms={instance.fieldPerms} />}
          {open === 'resend' && (
            <>
              <Alert type="info" showIcon message={t('wf.act.resendHint')} style={{ marginBottom: 16 }} />
              <FormRenderer fields={fields} />
            </>
          )}
          {open === 'return' && (
            <Form.Item name="nodeId" label={t('wf.act.returnTo')} rules={[{ required: true, message: t('wf.act.pickTarget') }]}>
              <Select aria-label={t('wf.act.returnTo')} options={instance.returnTargets.map((r) => ({ value: r.nodeId, label: nodeName(instance.form.flow, r.nodeId, t) }))} />
            </Form.Item>
          )}
          {open === 'transfer' && (
            <Form.Item name="user" label={t('wf.act.transferTo')} rules={[{ required: true, message: t('wf.act.pickUser') }]}>
              <TransferPicker label={t('wf.act.transferTo')} />
            </Form.Item>
          )}
          {open && open !== 'resubmit' && open !== 'resend' && (
            <Form.Item
              name="comment"
              label={t('wf.act.comment')}
              rules={open === 'reject' ? [{ required: true, whitespace: true, message: t('wf.act.rejectReason') }] : []}
            >
              <Input.TextArea aria-label={t('wf.act.comment')} rows={3} maxLength={500} showCount />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}

function TransferPicker({ value, onChange, label }: { value?: Ref[]; onChange?: (v: Ref[]) => void; label: string }) {
  return <UsersPicker single label={label} value={value ?? []} onChange={(v) => onChange?.(v)} />;
}
