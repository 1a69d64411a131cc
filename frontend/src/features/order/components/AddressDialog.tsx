import { useEffect, useState } from 'react';
import { App, Form } from 'antd';
import { Dialog, ProFormText } from '@/shared/ui/form';
import { RegionPicker } from '@/shared/ui/region/RegionPicker';
import { placeholder } from '@/shared/lib/rules';
import { getOrder, setOrderAddress, type MovedOrder } from '../api';
import { joinAddress } from '../logic';
import { useT } from '../messages';

interface AddressForm {
  customerName: string;
  phone: string;
  region?: string;
  address: string;
}

/**
 * 修改地址 of an unpaid or paid order (null: closed): the receiver, the phone and the address,
 * read from the order's detail (the list masks the phone and has no address). A region picked
 * goes before the street; without one the address is saved as written.
 */
export function AddressDialog({ order, onClose, onSaved }: { order: MovedOrder | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddressForm>();
  const [loaded, setLoaded] = useState<AddressForm | null>(null);
  useEffect(() => {
    setLoaded(null);
    if (!order) return;
    let live = true;
    void getOrder(order.id).then((d) => {
      if (!live) return;
      const v = { customerName: d.customerName, phone: d.phone, address: d.address };
      setLoaded(v);
      form.setFieldsValue(v);
    });
    return () => {
      live = false;
    };
  }, [order, form]);
  return (
    <Dialog<AddressForm>
      form={form}
      columns={1}
      width={520}
      title={t('order.addressTitle', { no: order?.orderNo ?? '' })}
      open={order !== null}
      initialValues={loaded ?? undefined}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!order) return true;
        await setOrderAddress(order.id, { customerName: v.customerName.trim(), phone: v.phone.trim(), address: joinAddress(v.region, v.address) });
        void message.success(t('order.done'));
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="customerName"
        label={t('order.customer')}
        placeholder={placeholder(t('order.customer'), 'text')}
        fieldProps={{ maxLength: 64, 'aria-label': t('order.customer') }}
        rules={[{ required: true, whitespace: true, message: t('v.required') }]}
      />
      <ProFormText
        name="phone"
        label={t('order.phone')}
        placeholder={placeholder(t('order.phone'), 'text')}
        fieldProps={{ maxLength: 11, 'aria-label': t('order.phone') }}
        rules={[{ required: true, whitespace: true, message: t('v.required') }]}
      />
      <Form.Item name="region" label={t('order.region')}>
        <RegionPicker placeholder={placeholder(t('order.region'), 'select')} />
      </Form.Item>
      <ProFormText
        name="address"
        label={t('order.address')}
        placeholder={placeholder(t('order.address'), 'text')}
        fieldProps={{ maxLength: 255, 'aria-label': t('order.address') }}
        rules={[{ required: true, whitespace: true, message: t('v.required') }]}
      />
    </Dialog>
  );
}
