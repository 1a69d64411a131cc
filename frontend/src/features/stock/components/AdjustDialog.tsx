import { useState } from 'react';
import { App, Form, Typography } from 'antd';
import { Dialog, ProFormDigit, ProFormTextArea, TEXTAREA_ROWS } from '@/shared/ui/form';
import { adjustStock, type AdjustType, type SkuOption } from '../api';
import { useT } from '../messages';
import { SkuPicker } from './SkuPicker';

interface AdjustForm {
  skuId: number;
  quantity: number;
  reason: string;
}

/** The BFF's bounds of one adjustment. */
const MAX_QUANTITY = 1_000_000_000;
const MAX_REASON = 255;

export interface AdjustDialogProps {
  /** 入库, 出库 or 盘点; null: closed. */
  type: AdjustType | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 入库 / 出库 / 盘点: a SKU picked by code or goods name, a quantity (a stocktake's is the counted
 * figure, the ledger books the difference) and the reason, required. An out beyond the stock or
 * a stocktake finding the stock are refused by the BFF under 数量 as well.
 */
export default function AdjustDialog({ type, onClose, onDone }: AdjustDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  const [sku, setSku] = useState<SkuOption | undefined>();
  const quantityLabel = type ? t(`stock.adjust.quantity.${type}`) : '';
  return (
    <Dialog<AdjustForm>
      key={type ?? 'closed'}
      columns={1}
      width={480}
      title={type ? t(`stock.${type}`) : ''}
      open={type !== null}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!type) return true;
        await adjustStock({ skuId: v.skuId, type, quantity: Number(v.quantity), reason: v.reason.trim() });
        void message.success(t('stock.adjust.done'));
        setSku(undefined);
        onDone();
        return true;
      }}
    >
      <Form.Item
        name="skuId"
        label={t('stock.adjust.sku')}
        rules={[{ required: true, message: t('v.required') }]}
        extra={sku ? <Typography.Text type="secondary">{t('stock.adjust.now', { n: sku.stock })}</Typography.Text> : undefined}
      >
        <SkuPicker label={t('stock.adjust.sku')} onPick={setSku} />
      </Form.Item>
      <ProFormDigit
        name="quantity"
        label={quantityLabel}
        min={type === 'stocktake' ? 0 : 1}
        max={MAX_QUANTITY}
        extra={type === 'stocktake' ? t('stock.adjust.stocktakeHint') : undefined}
        fieldProps={{ precision: 0, 'aria-label': quantityLabel, style: { width: '100%' } }}
        rules={[
          { required: true, message: t('v.required') },
          {
            validator: (_: unknown, v: unknown) => {
              if (v === undefined || v === null || v === '') return Promise.resolve();
              const n = Number(v);
              const least = type === 'stocktake' ? 0 : 1;
              if (!Number.isInteger(n) || n < least || n > MAX_QUANTITY) {
                return Promise.reject(new Error(t(type === 'stocktake' ? 'stock.adjust.whole' : 'stock.adjust.positive')));
              }
              if (type === 'out' && sku && n > sku.stock) return Promise.reject(new Error(t('stock.adjust.tooMuch', { n: sku.stock })));
              return Promise.resolve();
            },
          },
        ]}
      />
      <ProFormTextArea
        name="reason"
        label={t('stock.adjust.reason')}
        fieldProps={{ rows: TEXTAREA_ROWS, maxLength: MAX_REASON, showCount: true, 'aria-label': t('stock.adjust.reason') }}
        rules={[{ required: true, whitespace: true, message: t('v.required') }]}
      />
    </Dialog>
  );
}
