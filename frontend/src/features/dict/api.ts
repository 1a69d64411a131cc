import { http } from '@/shared/api';
import type { DictRow, Page } from '@/shared/api/contract';

export type { DictRow };

export interface DetailRow {
  id: number;
  dict: { id: number };
  label: string;
  /** The English label, '' when none (English mode then shows label). */
  labelEn?: string;
  value: string;
  dictSort: number;
  createTime?: string;
}

/** The lists; POST {URL}/download and /downloadAll export them. */
export const DICT_URL = '/api/dict';
export const DETAIL_URL = '/api/dictDetail';
export const listDicts = (q: { page: number; size: number; blurry?: string }) => http.get<Page<DictRow>>(DICT_URL, { params: q });
export const createDict = (d: Omit<DictRow, 'id' | 'createTime'>) => http.post<{ id: number }>('/api/dict', d);
export const updateDict = (d: Omit<DictRow, 'createTime'>) => http.put<void>('/api/dict', d);
export const deleteDicts = (ids: number[]) => http.delete<void>('/api/dict', { data: ids });

/** How many entries the dictionary page reads at once (seed-spec §7: page 0, size 9999). */
export const DETAILS_AT_ONCE = 9999;

/** Management query of one dictionary's entries. */
export const listDetails = (q: { dictName: string; page: number; size: number }) =>
  http.get<Page<DetailRow>>(DETAIL_URL, { params: q });
export const createDetail = (d: Omit<DetailRow, 'id'>) => http.post<{ id: number }>('/api/dictDetail', d);
export const updateDetail = (d: DetailRow) => http.put<void>('/api/dictDetail', d);
export const deleteDetail = (id: number) => http.delete<void>(`/api/dictDetail/${id}`);
