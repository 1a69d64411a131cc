import { App, Col } from 'antd';
import type { Rule } from 'antd/es/form';
import { isYuan, toYuanText } from '@/shared/lib/money';
import { Dialog, ProForm, ProFormRadio, ProFormText } from '@/shared/ui/form';
import { CategorySelect } from '@/shared/ui/picker';
import { policyUploader, RichTextField } from '@/shared/ui/richtext';
import { Upload, type UploadedFile } from '@/shared/ui/upload';
import { createGoods, updateGoods, type GoodsRow, type GoodsStatus } from '../api';
import { useT } from '../messages';
import { toFile, toPath } from '../query';
import { placeholder } from '@/shared/lib/rules';

interface FormValues {
  name: string;
  code: string;
  category: string;
  price: string;
  cost?: string;
  stock: string;
  status: GoodsStatus;
  mainPicture: UploadedFile[];
  gallery: UploadedFile[];
  description?: string;
}

/** Pictures: images only (no PDF, no SVG, which can carry script). */
const PICTURE_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'bmp', 'gif'];
const MAX_GALLERY = 9;
/** The BFF's stock limit. */
const MAX_STOCK = 1_000_000_000;
const FULL_ROW = { span: 24 } as const;
const describeImages = policyUploader();

export interface GoodsDialogProps {
  /** The row being edited (with its description), 'new', or null: closed. */
  editing: GoodsRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The create/edit dialog of 商品管理: money as yuan text, checked here and by the BFF. */
export default function GoodsDialog({ editing, onClose, onSaved }: GoodsDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  const row = editing && editing !== 'new' ? editing : null;
  const required: Rule = { required: true, message: t('v.required') };
  const moneyRule: Rule = {
    validator: (_, v: unknown) => (v === undefined || v === '' || isYuan(String(v)) ? Promise.resolve() : Promise.reject(new Error(t('goods.money')))),
  };
  const stockRule: Rule = {
    validator: (_, v: unknown) => {
      const s = String(v ?? '').trim();
      return s === '' || (/^\d{1,10}$/.test(s) && Number(s) <= MAX_STOCK) ? Promise.resolve() : Promise.reject(new Error(t('goods.integer')));
    },
  };
  const initial: Partial<FormValues> = row
    ? {
        name: row.name,
        code: row.code,
        category: row.category,
        price: row.price,
        cost: row.cost,
        stock: String(row.stock),
        status: row.status as GoodsStatus,
        mainPicture: row.mainPicture ? [toFile(row.mainPicture)] : [],
        gallery: row.gallery.map(toFile),
        description: row.description ?? '',
      }
    : { status: 'draft', mainPicture: [], gallery: [], cost: '0.00' };

  return (
    <Dialog<FormValues>
      title={row ? t('sys.edit') : t('sys.add')}
      open={editing !== null}
      width={760}
      initialValues={initial}
      modalProps={{ onCancel: onClose, styles: { body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } } }}
      onFinish={async (v) => {
        const body = {
          id: row?.id,
          name: v.name,
          code: v.code,
          category: v.category,
          price: toYuanText(v.price),
          cost: toYuanText(v.cost?.trim() ? v.cost : '0'),
          stock: Number(v.stock.trim()),
          status: v.status,
          mainPicture: v.mainPicture[0] ? toPath(v.mainPicture[0]) : '',
          gallery: v.gallery.map(toPath),
          description: v.description ?? '',
        };
        if (row) await updateGoods(body);
        else await createGoods(body);
        void message.success(row ? t('sys.saved') : t('sys.created'));
        onSaved();
        return true;
      }}
    >
      <ProFormText name="name" label={t('goods.name')} placeholder={placeholder(t('goods.name'), 'text')} rules={[required]} fieldProps={{ maxLength: 128 }} />
      <ProFormText name="code" label={t('goods.code')} placeholder={placeholder(t('goods.code'), 'text')} rules={[required]} fieldProps={{ maxLength: 64 }} />
      {/* 商品分类: a category that is off shows greyed out; a row already in it keeps it */}
      <Col xs={24} sm={12}>
        <ProForm.Item name="category" label={t('goods.category')} rules={[required]}>
          <CategorySelect mode="choose" label={t('goods.category')} />
        </ProForm.Item>
      </Col>
      <ProFormText
        name="stock"
        label={t('goods.stock')}
        placeholder={placeholder(t('goods.stock'), 'text')}
        rules={[required, stockRule]}
        validateTrigger="onBlur"
        fieldProps={{ inputMode: 'numeric' }}
      />
      <ProFormText name="price" label={t('goods.price')} placeholder={placeholder(t('goods.price'), 'text')} rules={[required, moneyRule]} validateTrigger="onBlur" fieldProps={{ prefix: '¥', inputMode: 'decimal' }} />
      <ProFormText name="cost" label={t('goods.cost')} placeholder={placeholder(t('goods.cost'), 'text')} rules={[moneyRule]} validateTrigger="onBlur" fieldProps={{ prefix: '¥', inputMode: 'decimal' }} />
      <ProFormRadio.Group
        name="status"
        label={t('goods.status')}
        colProps={FULL_ROW}
        radioType="button"
        options={(['draft', 'on_sale', 'off_sale'] as const).map((s) => ({ value: s, label: t(`goods.status.${s}`) }))}
      />
      {/* ProForm's grid places only its own fields in columns: these custom controls get theirs here */}
      <Col xs={24} sm={6}>
        <ProForm.Item name="mainPicture" label={t('goods.picture')}>
          <Upload limit={1} types={PICTURE_TYPES} tip={t('goods.pictureTip')} label={t('goods.picture')} />
        </ProForm.Item>
      </Col>
      <Col xs={24} sm={18}>
        <ProForm.Item name="gallery" label={t('goods.gallery')}>
          <Upload limit={MAX_GALLERY} types={PICTURE_TYPES} tip={t('goods.galleryTip')} label={t('goods.gallery')} />
        </ProForm.Item>
      </Col>
      <Col span={24}>
        <ProForm.Item name="description" label={t('goods.description')}>
          <RichTextField height={200} uploadImage={describeImages} />
        </ProForm.Item>
      </Col>
    </Dialog>
  );
}
