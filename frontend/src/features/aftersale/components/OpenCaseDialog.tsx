import { useState } from 'react';
import { Alert, App, Form, Input, Radio } from 'antd';
import { failureOf } from '@/shared/api';
import { formatYuan, isYuan, toYuanText } from '@/shared/lib/money';
import { DictSelect } from '@/shared/ui/dict';
import { Dialog } from '@/shared/ui/form';
import { Upload, type UploadedFile } from '@/shared/ui/upload';
import { findOrder, openCase, type CaseType, type OrderForCase } from '../api';
import { fen, yuanOf } from '../logic';
import { useT } from '../messages';
import { ItemsPicker, itemsCap, type Picked } from './ItemsPicker';
import { REASON_DICT } from './CaseView';

interface OpenForm {
  type: CaseType;
  items: Picked[];
  amount: string;
  freight?: string;
  reason: string;
  description?: string;
  photos?: UploadedFile[];
}

/** Orders that can have a case (the BFF refuses the others). */
const OPEN_STATUSES = ['paid', 'shipped', 'completed'];
const PICTURES = ['png', 'jpg', 'jpeg', 'webp', 'bmp'];
const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'completed', 'closed', 'refunded'];

/**
 * 代客申请: staff open a case for a customer. The order is found by its number (the order list,
 * then its detail for the items); staff pick the items and quantities, the amount (filled with
 * the items' worth, at most that plus the freight asked back), the reason, a description and
 * photos. The BFF checks the money again (what earlier cases refunded) and names the most.
 */
export default function OpenCaseDialog({ open, onClose, onOpened }: { open: boolean; onClose: () => void; onOpened: (id: number) => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<OpenForm>();
  const [orderNo, setOrderNo] = useState('');
  const [order, setOrder] = useState<OrderForCase | null>(null);
  const [finding, setFinding] = useState(false);
  const [why, setWhy] = useState('');

  const close = () => {
    setOrder(null);
    setOrderNo('');
    setWhy('');
    onClose();
  };

  const find = async (value: string) => {
    const no = value.trim();
    if (!no) return;
    setFinding(true);
    setWhy('');
    try {
      const found = await findOrder(no);
      setOrder(found);
      form.setFieldsValue({ items: [], amount: '', freight: '0.00' });
      if (!found) setWhy(t('as.orderNotFound', { no }));
      else if (!OPEN_STATUSES.includes(found.status)) setWhy(t('as.orderNotAllowed', {
            status: ORDER_STATUSES.includes(found.status) ? t(`as.order.status.${found.status}` as 'as.order.status.paid') : found.status,
          }));
    } catch (e) {
      setOrder(null);
      if (failureOf(e)?.status === 404) setWhy(t('as.orderNotFound', { no }));
    } finally {
      setFinding(false);
    }
  };

  const usable = order !== null && OPEN_STATUSES.includes(order.status);
  const freightMax = order ? (fen(order.freight) ?? 0n) : 0n;
  const maxOf = (items: Picked[] | undefined, freight: string | undefined) =>
    order ? itemsCap(order, items ?? []) + (fen(freight) ?? 0n) : 0n;

  return (
    <Dialog<OpenForm>
      form={form}
      columns={1}
      width={780}
      title={t('as.openTitle')}
      open={open}
      initialValues={{ type: 'refund', items: [], freight: '0.00' }}
      modalProps={{ onCancel: close }}
      submitter={{ submitButtonProps: { disabled: !usable } }}
      onValuesChange={(changed: Partial<OpenForm>, all: OpenForm) => {
        // the amount follows the items picked (and the freight asked back) until staff change it
        if ('items' in changed || 'freight' in changed) form.setFieldValue('amount', yuanOf(maxOf(all.items, all.freight)));
      }}
      onFinish={async (v) => {
        if (!order || !usable) return false;
        const detail = await openCase({
          orderNo: order.orderNo,
          type: v.type,
          reason: v.reason,
          description: v.description?.trim() ?? '',
          photos: (v.photos ?? []).flatMap((p) => (p.id === undefined ? [] : [p.id])),
          items: v.items.filter((i) => i.quantity > 0).map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
          amount: toYuanText(v.amount),
          freight: toYuanText(v.freight?.trim() || '0'),
        });
        void message.success(t('as.opened', { no: detail.caseNo }));
        setOrder(null);
        setOrderNo('');
        onOpened(detail.id);
        return true;
      }}
    >
      <Form.Item label={t('as.orderNo')} required validateStatus={why ? 'error' : undefined} help={why || undefined}>
        <Input.Search
          aria-label={t('as.orderNo')}
          value={orderNo}
          maxLength={64}
          onChange={(e) => setOrderNo(e.target.value)}
          // Enter finds the order; it never submits the dialog
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          onSearch={(v) => void find(v)}
          enterButton={t('as.findOrder')}
          loading={finding}
        />
      </Form.Item>
      {order && usable ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`${order.orderNo} · ${order.customerName || '-'} · ${order.phone || '-'} · ${t('as.orderAmount')} ${formatYuan(order.amount)}${
              order.refunded && fen(order.refunded) ? ` · ${t('as.orderRefunded')} ${formatYuan(order.refunded)}` : ''
            }`}
          />
          <Form.Item name="type" label={t('as.type')} rules={[{ required: true, message: t('v.required') }]}>
            <Radio.Group
              options={[
                { value: 'refund', label: t('as.type.refund') },
                { value: 'return', label: t('as.type.return') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="items"
            label={t('as.pickItems')}
            rules={[
              {
                validator: async (_, items?: Picked[]) => {
                  if (!items?.some((i) => i.quantity > 0)) throw new Error(t('as.pickOne'));
                },
              },
            ]}
          >
            <ItemsPicker order={order} />
          </Form.Item>
          {freightMax > 0n ? (
            <Form.Item
              name="freight"
              label={t('as.freight')}
              extra={t('as.maxAmount', { amount: formatYuan(order.freight) })}
              rules={[
                {
                  validator: async (_, v?: string) => {
                    const f = fen(v?.trim() || '0');
                    if (f === null) throw new Error(t('as.amountFormat'));
                    if (f > freightMax) throw new Error(t('as.amountOver', { amount: formatYuan(order.freight) }));
                  },
                },
              ]}
            >
              <Input aria-label={t('as.freight')} prefix="¥" maxLength={14} />
            </Form.Item>
          ) : null}
          <Form.Item noStyle dependencies={['items', 'freight']}>
            {() => {
              const max = maxOf(form.getFieldValue('items') as Picked[], form.getFieldValue('freight') as string);
              return (
                <Form.Item
                  name="amount"
                  label={t('as.amount')}
                  extra={t('as.maxAmount', { amount: formatYuan(yuanOf(max)) })}
                  rules={[
                    { required: true, whitespace: true, message: t('v.required') },
                    {
                      validator: async (_, v?: string) => {
                        if (!v?.trim()) return;
                        if (!isYuan(v)) throw new Error(t('as.amountFormat'));
                        const f = fen(v) ?? 0n;
                        if (f <= 0n) throw new Error(t('as.amountZero'));
                        if (f > max) throw new Error(t('as.amountOver', { amount: formatYuan(yuanOf(max)) }));
                      },
                    },
                  ]}
                >
                  <Input aria-label={t('as.amount')} prefix="¥" maxLength={14} />
                </Form.Item>
              );
            }}
          </Form.Item>
          <Form.Item name="reason" label={t('as.reason')} rules={[{ required: true, message: t('v.required') }]}>
            <DictSelect dict={REASON_DICT} label={t('as.reason')} aria-label={t('as.reason')} />
          </Form.Item>
          <Form.Item name="description" label={t('as.description')}>
            <Input.TextArea rows={3} maxLength={500} showCount aria-label={t('as.description')} />
          </Form.Item>
          <Form.Item name="photos" label={t('as.photos')}>
            <Upload limit={9} types={PICTURES} label={t('as.photos')} />
          </Form.Item>
        </>
      ) : (
        !why && <Alert type="info" showIcon message={t('as.orderFirst')} />
      )}
    </Dialog>
  );
}
