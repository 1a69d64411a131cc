import { App, Typography } from 'antd';
import { Dialog, ProFormTextArea, TEXTAREA_ROWS } from '@/shared/ui/form';
import { placeholder } from '@/shared/lib/rules';
import { unshipOrder, type MovedOrder } from '../api';
import { useT } from '../messages';

/** 取消发货 of a shipped order with its reason, at most 200 characters (null: closed). */
export function UnshipDialog({ order, onClose, onDone }: { order: MovedOrder | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<{ reason: string }>
      columns={1}
      width={480}
      title={t('order.unshipTitle', { no: order?.orderNo ?? '' })}
      open={order !== null}
      modalProps={{ onCancel: onClose, okButtonProps: { danger: true } }}
      onFinish={async (v) => {
        if (!order) return true;
        await unshipOrder(order.id, v.reason.trim());
        void message.success(t('order.done'));
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">{t('order.unshipHint')}</Typography.Paragraph>
      <ProFormTextArea
        name="reason"
        label={t('order.unshipReason')}
        rules={[{ required: true, whitespace: true, message: t('v.required') }]}
        fieldProps={{ placeholder: placeholder(t('order.unshipReason'), 'textarea'), maxLength: 200, showCount: true, rows: TEXTAREA_ROWS, 'aria-label': t('order.unshipReason') }}
      />
    </Dialog>
  );
}
