import { App } from 'antd';
import { Dialog, ProFormTextArea, TEXTAREA_ROWS } from '@/shared/ui/form';
import { placeholder } from '@/shared/lib/rules';
import { setOrderRemark, type RemarkedOrder } from '../api';
import { useT } from '../messages';

/** 修改备注: the order's remark, at most 255 characters; empty clears it (null: closed). */
export function RemarkDialog({ order, onClose, onSaved }: { order: RemarkedOrder | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<{ remark: string }>
      columns={1}
      width={480}
      title={t('order.remarkTitle', { no: order?.orderNo ?? '' })}
      open={order !== null}
      initialValues={{ remark: order?.remark ?? '' }}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!order) return true;
        await setOrderRemark(order.id, (v.remark ?? '').trim());
        void message.success(t('order.done'));
        onSaved();
        return true;
      }}
    >
      <ProFormTextArea
        name="remark"
        label={t('order.remark')}
        fieldProps={{ placeholder: placeholder(t('order.remark'), 'textarea'), maxLength: 255, showCount: true, rows: TEXTAREA_ROWS, 'aria-label': t('order.remark') }}
      />
    </Dialog>
  );
}
