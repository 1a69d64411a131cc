import { Form, Typography } from 'antd';
import type { GoodsSpec } from '../api';
import { useT, type t as translate } from '../messages';
import { SkuTable } from './SkuTable';
import { SpecEditor } from './SpecEditor';
import { buildSkus, matrixProblems, MAX_SKUS, MAX_SPECS, MAX_VALUES, skuCount, type Matrix, type MatrixProblem, type SkuDraft } from './skuMatrix';

export interface SkuEditorProps {
  /** From the Form.Item. */
  value?: Matrix;
  onChange?: (m: Matrix) => void;
  onBlur?: () => void;
  goodsCode: string;
}

const EMPTY: Matrix = { specs: [], rows: [] };

/**
 * The goods dialog's 商品规格 field: the dimensions, then the SKU table of their combinations. A
 * change of the dimensions rebuilds the rows, keeping those whose combination remains. Once the
 * form has found a problem here, the cells at fault are marked as they stand.
 */
export function SkuEditor({ value = EMPTY, onChange, onBlur, goodsCode }: SkuEditorProps) {
  const t = useT();
  const { status } = Form.Item.useStatus();

  const setSpecs = (specs: GoodsSpec[]) => onChange?.({ specs, rows: buildSkus(specs, value.rows) });
  const setRows = (rows: SkuDraft[]) => onChange?.({ ...value, rows });
  const count = skuCount(value.specs);
  const errors = new Map<string, string>();
  if (status === 'error') {
    for (const p of matrixProblems(value, goodsCode)) if ('row' in p) errors.set(`${p.row}:${p.field}`, problemText(p, value, t));
  }
  return (
    // the form checks this field when focus leaves it, as it does the dialog's money fields
    <div onBlur={onBlur}>
      {/* a blank status inside: a problem marks its own cells, not every input of the editor */}
      <Form.Item noStyle validateStatus="">
        <SpecEditor specs={value.specs} onChange={setSpecs} />
        {/* more rows than a save takes are not drawn: thousands of inputs would stall the page */}
        {count > MAX_SKUS && (
          <Typography.Text type="danger" style={{ display: 'block', marginTop: 12 }}>
            {t('goods.sku.tooMany', { n: MAX_SKUS, count })}
          </Typography.Text>
        )}
        {count > 0 && count <= MAX_SKUS && (
          <div style={{ marginTop: 12 }}>
            <SkuTable rows={value.rows} onChange={setRows} goodsCode={goodsCode} errors={errors} />
          </div>
        )}
      </Form.Item>
    </div>
  );
}

const FIELD_LABEL = {
  code: 'goods.sku.code',
  price: 'goods.price',
  cost: 'goods.sku.cost',
  stock: 'goods.stock',
  lowStock: 'goods.sku.lowStock',
} as const;

/** A problem as the form tells it (rows and dimensions counted from 1). */
export function problemText(p: MatrixProblem, m: Matrix, t: typeof translate): string {
  if (p.kind === 'tooManySkus') return t('goods.sku.tooMany', { n: MAX_SKUS, count: p.count });
  if ('spec' in p) {
    const name = m.specs[p.spec]?.name.trim() ?? '';
    if (p.kind === 'specName') return t('goods.spec.nameRequired', { n: p.spec + 1 });
    if (p.kind === 'specNameTaken') return t('goods.spec.nameTaken', { name });
    if (p.kind === 'tooManySpecs') return t('goods.spec.tooMany', { n: MAX_SPECS });
    if (p.kind === 'tooManyValues') return t('goods.spec.tooManyValues', { name: name || String(p.spec + 1), n: MAX_VALUES });
    return t('goods.spec.valuesRequired', { name: name || String(p.spec + 1) });
  }
  const field = t(FIELD_LABEL[p.field]);
  const n = p.row + 1;
  if (p.kind === 'codeTaken') return t('goods.sku.codeTaken', { n, code: p.code });
  if (p.kind === 'money') return t('goods.sku.money', { n, field });
  if (p.kind === 'integer') return t('goods.sku.integer', { n, field });
  return t('goods.sku.required', { n, field });
}
