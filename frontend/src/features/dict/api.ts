import { http } from '@/shared/api';
import type { DictRow, Page } from '@/shared/api/contract';

export type { DictRow };

export interface DetailRow {
  id: number;
  dict: { id: number };
  label: string;
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

/** Management query (page 0, size 9999 in eladmin; paged here like every list). */
export const listDetails = (q: { dictName: string; page: number; size: number }) =>
  http.get<Page<DetailRow>>(DETAIL_URL, { params: q });
export const createDetail = (d: Omit<DetailRow, 'id'>) => http.post<{ id: number }>('/api/dictDetail', d);
export const updateDetail = (d: DetailRow) => http.put<void>('/api/dictDetail', d);
export const deleteDetail = (id: number) => http.delete<void>(`/api/dictDetail/${id}`);
