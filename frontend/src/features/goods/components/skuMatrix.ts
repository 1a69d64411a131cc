import { isYuan, toYuanText } from '@/shared/lib/money';
import type { GoodsSku, GoodsSkuInput, GoodsSpec } from '../api';

/** The BFF's limits: three dimensions (颜色, 尺码, …) of 20 values, 200 SKUs, a stock under a billion. */
export const MAX_SPECS = 3;
export const MAX_VALUES = 20;
export const MAX_SKUS = 200;
export const MAX_STOCK = 1_000_000_000;
/** A new SKU's 预警值, as the BFF's default. */
export const DEFAULT_LOW_STOCK = '10';

/** A SKU row as the dialog edits it: every number still the text typed. */
export interface SkuDraft {
  /** The joined spec values: a row keeps its edits while its combination still exists. */
  key: string;
  id?: number;
  specs: string[];
  code: string;
  barcode: string;
  price: string;
  cost: string;
  stock: string;
  lowStock: string;
  onSale: boolean;
}

/** The spec editor's value: the dimensions and the rows of their combinations. */
export interface Matrix {
  specs: GoodsSpec[];
  rows: SkuDraft[];
}

// a separator no typed value holds, so 红/S and 红S/ stay two rows
const SEP = '\u001f';
export const skuKey = (values: readonly string[]) => values.join(SEP);
/** 规格 as the tables show it: 红 / S. */
export const specText = (values: readonly string[]) => values.join(' / ');

/** The dimensions that take part in the combinations: those with at least one value. */
export const filledSpecs = (specs: readonly GoodsSpec[]) => specs.filter((s) => s.values.length > 0);

/** How many rows the dimensions make (0 without values). */
export const skuCount = (specs: readonly GoodsSpec[]) => {
  const dims = filledSpecs(specs);
  return dims.length === 0 ? 0 : dims.reduce((n, d) => n * d.values.length, 1);
};

export function newDraft(specs: string[]): SkuDraft {
  return { key: skuKey(specs), specs, code: '', barcode: '', price: '', cost: '', stock: '', lowStock: DEFAULT_LOW_STOCK, onSale: true };
}

/**
 * The SKU rows of `specs`: every combination of their values (the cartesian product, in the
 * order the values were added), each taken from `previous` when that combination was already
 * there, so adding or removing a value keeps what was typed on the rows that remain.
 */
export function buildSkus(specs: readonly GoodsSpec[], previous: readonly SkuDraft[]): SkuDraft[] {
  const dims = filledSpecs(specs);
  if (dims.length === 0) return [];
  let combos: string[][] = [[]];
  for (const d of dims) combos = combos.flatMap((c) => d.values.map((v) => [...c, v]));
  const kept = new Map(previous.map((r) => [r.key, r]));
  return combos.map((c) => kept.get(skuKey(c)) ?? newDraft(c));
}

/** The code offered for an empty SKU编码: the goods code and the row's number (A-1, A-2, …). */
export const suggestedCode = (goodsCode: string, index: number) => (goodsCode.trim() ? `${goodsCode.trim()}-${index + 1}` : '');

/** The rows with every empty SKU编码 given its suggested code. */
export const withCodes = (rows: readonly SkuDraft[], goodsCode: string) =>
  rows.map((r, i) => (r.code.trim() ? r : { ...r, code: suggestedCode(goodsCode, i) }));

/** The values the batch bar fills: an empty one leaves that column as it is. */
export interface BatchFill {
  price?: string;
  cost?: string;
  stock?: string;
  lowStock?: string;
}

export function batchFill(rows: readonly SkuDraft[], fill: BatchFill): SkuDraft[] {
  const given = Object.fromEntries(Object.entries(fill).filter(([, v]) => v !== undefined && v.trim() !== '').map(([k, v]) => [k, v.trim()]));
  return rows.map((r) => ({ ...r, ...given }));
}

export type SkuField = 'code' | 'price' | 'cost' | 'stock' | 'lowStock';

/** What is wrong: `row` is the row's index, or the dimension's for the spec problems. */
export type MatrixProblem =
  | { kind: 'specName' | 'specNameTaken' | 'specValues' | 'tooManySpecs' | 'tooManyValues'; spec: number }
  | { kind: 'tooManySkus'; count: number }
  | { kind: 'required' | 'money' | 'integer'; row: number; field: SkuField }
  | { kind: 'codeTaken'; row: number; field: 'code'; code: string };

const isCount = (text: string) => /^\d{1,10}$/.test(text.trim()) && Number(text.trim()) <= MAX_STOCK;

/**
 * Every problem of the matrix, in the order of the dialog (the dimensions, then row by row).
 * The codes are checked as they will be sent (`withCodes`): SKU编码 required and unique in the
 * table, money as yuan text not below 0, stock and 预警值 whole numbers not below 0.
 */
export function matrixProblems(m: Matrix, goodsCode: string): MatrixProblem[] {
  const out: MatrixProblem[] = [];
  const names = new Set<string>();
  m.specs.forEach((s, i) => {
    if (i >= MAX_SPECS) out.push({ kind: 'tooManySpecs', spec: i });
    const name = s.name.trim();
    if (!name) out.push({ kind: 'specName', spec: i });
    else if (names.has(name)) out.push({ kind: 'specNameTaken', spec: i });
    names.add(name);
    if (s.values.length === 0) out.push({ kind: 'specValues', spec: i });
    if (s.values.length > MAX_VALUES) out.push({ kind: 'tooManyValues', spec: i });
  });
  const count = skuCount(m.specs);
  if (count > MAX_SKUS) out.push({ kind: 'tooManySkus', count });
  const rows = withCodes(m.rows, goodsCode);
  // case-blind, as the BFF compares the codes of one save
  const codes = new Map<string, number>();
  for (const r of rows) {
    const c = r.code.trim().toLowerCase();
    if (c) codes.set(c, (codes.get(c) ?? 0) + 1);
  }
  rows.forEach((r, row) => {
    const code = r.code.trim();
    if (!code) out.push({ kind: 'required', row, field: 'code' });
    else if ((codes.get(code.toLowerCase()) ?? 0) > 1) out.push({ kind: 'codeTaken', row, field: 'code', code });
    if (!r.price.trim()) out.push({ kind: 'required', row, field: 'price' });
    else if (!isYuan(r.price)) out.push({ kind: 'money', row, field: 'price' });
    if (r.cost.trim() && !isYuan(r.cost)) out.push({ kind: 'money', row, field: 'cost' });
    for (const f of ['stock', 'lowStock'] as const) {
      if (!r[f].trim()) out.push({ kind: 'required', row, field: f });
      else if (!isCount(r[f])) out.push({ kind: 'integer', row, field: f });
    }
  });
  return out;
}

/** The rows as the BFF takes them: money as yuan text with two decimals, counts as numbers. */
export function toSkus(rows: readonly SkuDraft[], goodsCode: string): GoodsSkuInput[] {
  return withCodes(rows, goodsCode).map((r) => ({
    id: r.id,
    code: r.code.trim(),
    barcode: r.barcode.trim(),
    specs: r.specs,
    price: toYuanText(r.price),
    cost: toYuanText(r.cost.trim() ? r.cost : '0'),
    stock: Number(r.stock.trim()),
    lowStock: Number(r.lowStock.trim()),
    onSale: r.onSale,
  }));
}

/** A stored SKU as a row to edit. */
export function toDraft(s: GoodsSku | GoodsSkuInput): SkuDraft {
  return {
    key: skuKey(s.specs),
    id: s.id,
    specs: s.specs,
    code: s.code,
    barcode: s.barcode ?? '',
    price: s.price,
    cost: s.cost,
    stock: String(s.stock),
    lowStock: String(s.lowStock),
    onSale: s.onSale,
  };
}
