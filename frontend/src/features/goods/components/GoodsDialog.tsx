import { App, Col, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { isYuan, toYuanText } from '@/shared/lib/money';
import { Dialog, ProForm, ProFormRadio, ProFormText } from '@/shared/ui/form';
import { CategorySelect } from '@/shared/ui/picker';
import { policyUploader, RichTextField } from '@/shared/ui/richtext';
import { Upload, type UploadedFile } from '@/shared/ui/upload';
import { createGoods, updateGoods, type GoodsDetail, type GoodsInput, type GoodsSku, type GoodsSkuInput, type GoodsStatus } from '../api';
import { useT } from '../messages';
import { toFile, toPath } from '../query';
import { placeholder } from '@/shared/lib/rules';
import { SkuEditor, problemText } from './SkuEditor';
import { buildSkus, DEFAULT_LOW_STOCK, MAX_STOCK, matrixProblems, toDraft, toSkus, type Matrix } from './skuMatrix';

interface FormValues {
  name: string;
  code: string;
  category: string;
  price: string;
  cost?: string;
  stock: string;
  /** 预警值 of the single SKU of goods without specs (not `lowStock`: the list's search form has that id). */
  lowStockAt: string;
  status: GoodsStatus;
  mainPicture: UploadedFile[];
  gallery: UploadedFile[];
  description?: string;
  matrix: Matrix;
}

/** Pictures: images only (no PDF, no SVG, which can carry script). */
const PICTURE_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'bmp', 'gif'];
const MAX_GALLERY = 9;
const FULL_ROW = { span: 24 } as const;
const describeImages = policyUploader();

export interface GoodsDialogProps {
  /** The row being edited (with its description), 'new', or null: closed. */
  editing: GoodsDetail | 'new' | null;
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
  // goods without specs have exactly one SKU: the plain fields edit it, keeping its id and barcode
  const specs = row?.specs ?? [];
  const single: GoodsSku | undefined = specs.length === 0 ? row?.skus?.[0] : undefined;
  const initial: Partial<FormValues> = row
    ? {
        name: row.name,
        code: row.code,
        category: row.category,
        price: row.price,
        cost: row.cost,
        stock: String(row.stock),
        lowStockAt: String(single?.lowStock ?? DEFAULT_LOW_STOCK),
        status: row.status as GoodsStatus,
        mainPicture: row.mainPicture ? [toFile(row.mainPicture)] : [],
        gallery: row.gallery.map(toFile),
        description: row.description ?? '',
        matrix: { specs, rows: buildSkus(specs, row.skus.map(toDraft)) },
      }
    : { status: 'draft', mainPicture: [], gallery: [], cost: '0.00', lowStockAt: DEFAULT_LOW_STOCK, matrix: { specs: [], rows: [] } };
  const matrixRule: Rule = ({ getFieldValue }) => ({
    validator: (_: unknown, m: Matrix | undefined) => {
      if (!m) return Promise.resolve();
      const problems = matrixProblems(m, String(getFieldValue('code') ?? ''));
      return problems.length === 0 ? Promise.resolve() : Promise.reject(new Error(problemText(problems[0], m, t)));
    },
  });
  const [form] = Form.useForm<FormValues>();
  const withSpecs = (Form.useWatch(['matrix', 'specs'], form)?.length ?? specs.length) > 0;
  const goodsCode = Form.useWatch('code', form) ?? row?.code ?? '';

  const toBody = (v: FormValues): GoodsInput => {
    const base = {
      id: row?.id,
      name: v.name,
      code: v.code,
      category: v.category,
      status: v.status,
      mainPicture: v.mainPicture[0] ? toPath(v.mainPicture[0]) : '',
      gallery: v.gallery.map(toPath),
      description: v.description ?? '',
    };
    if (v.matrix.specs.length === 0) {
      const price = toYuanText(v.price);
      const cost = toYuanText(v.cost?.trim() ? v.cost : '0');
      const stock = Number(v.stock.trim());
      const sku: GoodsSkuInput = {
        id: single?.id,
        code: v.code,
        barcode: single?.barcode ?? '',
        specs: [],
        price,
        cost,
        stock,
        lowStock: Number(v.lowStockAt.trim()),
        onSale: single?.onSale ?? true,
      };
      return { ...base, price, cost, stock, specs: [], skus: [sku] };
    }
    const skus = toSkus(v.matrix.rows, v.code);
    // the goods' own price is the low end of the range, its stock the total (the BFF keeps both so)
    const cheapest = skus.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a));
    return {
      ...base,
      price: cheapest.price,
      cost: cheapest.cost,
      stock: skus.reduce((n, s) => n + s.stock, 0),
      specs: v.matrix.specs.map((d) => ({ name: d.name.trim(), values: d.values })),
      skus,
    };
  };

  return (
    <Dialog<FormValues>
      title={row ? t('sys.edit') : t('sys.add')}
      open={editing !== null}
      form={form}
      width={withSpecs ? 980 : 760}
      initialValues={initial}
      fieldAlias={{ skus: 'matrix', specs: 'matrix' }}
      modalProps={{ onCancel: onClose, styles: { body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } } }}
      onFinish={async (v) => {
        const body = toBody(v);
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
      {/* with specs, each SKU row has its own price, cost, stock and 预警值 */}
      {!withSpecs && (
        <>
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
          <ProFormText
            name="lowStockAt"
            label={t('goods.sku.lowStock')}
            placeholder={placeholder(t('goods.sku.lowStock'), 'text')}
            rules={[required, stockRule]}
            validateTrigger="onBlur"
            fieldProps={{ inputMode: 'numeric' }}
          />
        </>
      )}
      <ProFormRadio.Group
        name="status"
        label={t('goods.status')}
        colProps={FULL_ROW}
        radioType="button"
        options={(['draft', 'on_sale', 'off_sale'] as const).map((s) => ({ value: s, label: t(`goods.status.${s}`) }))}
      />
      {/* ProForm's grid places only its own fields in columns: these custom controls get theirs here */}
      <Col span={24}>
        <ProForm.Item name="matrix" label={t('goods.specs')} rules={[matrixRule]} validateTrigger="onBlur">
          <SkuEditor goodsCode={goodsCode} />
        </ProForm.Item>
      </Col>
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
