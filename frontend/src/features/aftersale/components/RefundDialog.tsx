import { App, Form, Input, Radio, Typography } from 'antd';
import { Dialog } from '@/shared/ui/form';
import { Upload, type UploadedFile } from '@/shared/ui/upload';
import { formatYuan } from '@/shared/lib/money';
import { refundCase, type CaseRow, type Provider } from '../api';
import { useT } from '../messages';

interface RefundForm {
  provider: Provider;
  voucherNo?: string;
  voucher?: UploadedFile[];
}

/** A transfer's picture: images only (the BFF keeps it as the voucher). */
const PICTURES = ['png', 'jpg', 'jpeg', 'webp', 'bmp'];

/**
 * 退款 of one case: 线下转账 (staff paid by hand: the voucher number and a picture of the transfer)
 * or 支付网关 (the BFF sends it). A 202 answer: the amount is over the approval line and a 退款审批
 * was started instead; the message says so.
 */
export function RefundDialog({ row, onClose, onDone }: { row: CaseRow | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<RefundForm>();
  const provider = Form.useWatch('provider', form);
  return (
    <Dialog<RefundForm>
      form={form}
      columns={1}
      width={520}
      title={t('as.refundTitle', { no: row?.caseNo ?? '' })}
      open={row !== null}
      initialValues={{ provider: 'manual' }}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!row) return true;
        const manual = v.provider === 'manual';
        const { detail, approving } = await refundCase(row.id, {
          provider: v.provider,
          voucherNo: manual ? v.voucherNo?.trim() : undefined,
          voucherFileId: manual ? v.voucher?.[0]?.id : undefined,
        });
        if (approving) void message.info(t('as.approving'));
        else if (detail?.refundState === 'sent') void message.info(t('as.sent'));
        else void message.success(t('as.refunded'));
        onDone();
        return true;
      }}
    >
      {row ? <Typography.Paragraph strong>{t('as.refundAmountIs', { amount: formatYuan(row.amount) })}</Typography.Paragraph> : null}
      <Form.Item name="provider" label={t('as.provider')} rules={[{ required: true, message: t('v.required') }]}>
        <Radio.Group
          options={[
            { value: 'manual', label: t('as.provider.manual') },
            { value: 'gateway', label: t('as.provider.gateway') },
          ]}
        />
      </Form.Item>
      {provider !== 'gateway' ? (
        <>
          <Form.Item name="voucherNo" label={t('as.voucherNo')} rules={[{ required: true, whitespace: true, message: t('v.required') }]}>
            <Input maxLength={64} aria-label={t('as.voucherNo')} />
          </Form.Item>
          <Form.Item
            name="voucher"
            label={t('as.voucherFile')}
            required
            rules={[
              {
                validator: async (_, files?: UploadedFile[]) => {
                  if (!files?.length || files[0].id === undefined) throw new Error(t('v.required'));
                },
              },
            ]}
          >
            <Upload limit={1} types={PICTURES} label={t('as.voucherFile')} />
          </Form.Item>
        </>
      ) : null}
    </Dialog>
  );
}
