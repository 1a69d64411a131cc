import { formatYuan } from '@/shared/lib/money';
import type { UploadedFile } from '@/shared/ui/upload';
import { rangeFromQuery } from '@/shared/ui/table/logic';
import { GOODS_STATUSES, type GoodsStatus } from './api';

/** The list's search form as the URL may preset it (/mall/goods?status=on_sale, from the dashboard). */
export interface GoodsSearch {
  blurry?: string;
  category?: string;
  status?: GoodsStatus;
  agencyId?: string;
  /** '1': only goods under the low-stock mark (库存预警, the dashboard's link). */
  lowStock?: '1';
  createDate?: [string, string];
  createDate1?: [string, string];
}

/**
 * The search form's initial values from the URL's query, using the API's own names (blurry,
 * category, status, agencyId, lowStock, startTime/endTime, groundingStartTime/groundingEndTime). Values the
 * form could not show (an unknown status, a malformed date) are dropped rather than sent unseen.
 */
export function searchFromQuery(q: URLSearchParams): GoodsSearch {
  const out: GoodsSearch = {};
  const text = (name: 'blurry' | 'category') => {
    const v = q.get(name)?.trim();
    if (v) out[name] = v;
  };
  text('blurry');
  text('category');
  const status = q.get('status');
  if (status && (GOODS_STATUSES as readonly string[]).includes(status)) out.status = status as GoodsStatus;
  const agency = q.get('agencyId');
  if (agency && /^[1-9]\d{0,17}$/.test(agency)) out.agencyId = agency;
  if (q.get('lowStock') === '1') out.lowStock = '1';
  const created = rangeFromQuery(q, 'startTime', 'endTime');
  if (created) out.createDate = created;
  const listed = rangeFromQuery(q, 'groundingStartTime', 'groundingEndTime');
  if (listed) out.createDate1 = listed;
  return out;
}

/** A stored picture (an upload's read path or an http(s) URL) as the shared Upload lists it. */
export function toFile(path: string): UploadedFile {
  const name = path.slice(path.lastIndexOf('/') + 1) || path;
  return { originalName: name, name, fileUrl: path, path, readUrl: path, downloadUrl: path, fileType: '' };
}

/** What goods store of an uploaded picture: its read path. */
export function toPath(file: UploadedFile): string {
  return file.readUrl;
}

/** 售价 of a list row: ¥12.50, or ¥12.50 – ¥19.90 when its SKUs' prices differ. */
export function priceRange(price: string, maxPrice?: string | null): string {
  if (!maxPrice || maxPrice === price) return formatYuan(price);
  return `${formatYuan(price)} – ${formatYuan(maxPrice)}`;
}
