import { App, Form } from 'antd';
import { DictSelect } from '@/shared/ui/dict';
import { Dialog, ProFormText } from '@/shared/ui/form';
import { moveOrder, setOrderShipment, type MovedOrder } from '../api';
import { useT } from '../messages';
import { placeholder } from '@/shared/lib/rules';

interface ShipForm {
  expressCompany: string;
  trackingNo: string;
}

/** The express_company dictionary (seeded with the shop pages). */
const EXPRESS_DICT = 'express_company';

/**
 * 发货: the express company and the tracking number of one paid order (null: closed); with
 * `current`, 修改物流 of a shipped order, starting from its shipment.
 */
export function ShipDialog({
  order,
  current,
  onClose,
  onShipped,
}: {
  order: MovedOrder | null;
  current?: ShipForm;
  onClose: () => void;
  onShipped: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<ShipForm>
      columns={1}
      width={440}
      title={t(current ? 'order.shipmentTitle' : 'order.shipTitle', { no: order?.orderNo ?? '' })}
      open={order !== null}
      initialValues={current}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!order) return true;
        const body = { expressCompany: v.expressCompany, trackingNo: v.trackingNo.trim() };
        await (current ? setOrderShipment(order.id, body) : moveOrder(order.id, 'ship', body));
        void message.success(t(current ? 'order.done' : 'order.shipped'));
        onShipped();
        return true;
      }}
    >
      <Form.Item name="expressCompany" label={t('order.expressCompany')} rules={[{ required: true, message: t('v.required') }]}>
        <DictSelect dict={EXPRESS_DICT} label={t('order.expressCompany')} aria-label={t('order.expressCompany')} />
      </Form.Item>
      <ProFormText
        name="trackingNo"
        label={t('order.trackingNo')}
        placeholder={placeholder(t('order.trackingNo'), 'text')}
        fieldProps={{ maxLength: 64, 'aria-label': t('order.trackingNo') }}
        rules={[
          { required: true, whitespace: true, message: t('v.required') },
          { pattern: /^\s*[0-9A-Za-z-]+\s*$/, message: t('order.tracking.format') },
        ]}
      />
    </Dialog>
  );
}
