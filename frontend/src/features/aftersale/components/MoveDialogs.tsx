import { App, Checkbox, Form, Input } from 'antd';
import { Dialog } from '@/shared/ui/form';
import { approveCase, receiveCase, rejectCase, type CaseRow } from '../api';
import { useT } from '../messages';

interface Props {
  /** The case the dialog acts on; null: closed. */
  row: CaseRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** 同意 a 退货退款 case: the return address the buyer is told (empty: the shop's default). */
export function ApproveDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<{ returnAddress?: string }>
      columns={1}
      width={480}
      title={t('as.approveTitle', { no: row?.caseNo ?? '' })}
      open={row !== null}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!row) return true;
        await approveCase(row.id, v.returnAddress?.trim() || undefined);
        void message.success(t('as.done'));
        onDone();
        return true;
      }}
    >
      <Form.Item name="returnAddress" label={t('as.returnAddress')} extra={t('as.returnAddressHint')}>
        <Input.TextArea rows={3} maxLength={255} aria-label={t('as.returnAddress')} placeholder={t('as.returnAddressHint')} />
      </Form.Item>
    </Dialog>
  );
}

/** 拒绝: the reason is required (the buyer is told it). */
export function RejectDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<{ reason: string }>
      columns={1}
      width={480}
      title={t('as.rejectTitle', { no: row?.caseNo ?? '' })}
      open={row !== null}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!row) return true;
        await rejectCase(row.id, v.reason.trim());
        void message.success(t('as.done'));
        onDone();
        return true;
      }}
    >
      <Form.Item name="reason" label={t('as.rejectReason')} rules={[{ required: true, whitespace: true, message: t('v.required') }]}>
        <Input.TextArea rows={3} maxLength={255} showCount aria-label={t('as.rejectReason')} />
      </Form.Item>
    </Dialog>
  );
}

/** 确认收货: ticked 商品已损坏, the goods do not go back to stock. */
export function ReceiveDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<{ damaged?: boolean }>
      columns={1}
      width={440}
      title={t('as.receiveTitle', { no: row?.caseNo ?? '' })}
      open={row !== null}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!row) return true;
        await receiveCase(row.id, v.damaged === true);
        void message.success(t('as.done'));
        onDone();
        return true;
      }}
    >
      <Form.Item name="damaged" valuePropName="checked" extra={t('as.damagedHint')}>
        <Checkbox>{t('as.damaged')}</Checkbox>
      </Form.Item>
    </Dialog>
  );
}
