import { http } from '@/shared/api';
import type { Page, StorageRow } from '@/shared/api/contract';

export type { StorageRow };

export interface StorageQuery {
  page: number;
  size: number;
  blurry?: string;
  sort?: string[];
}

/** The stored files (DELETE with ids removes files and rows; POST uploads one). */
export const STORAGE_URL = '/api/localStorage';
/** The pictures among them. */
export const PICTURES_URL = '/api/pictures';

export const listFiles = (url: string, q: StorageQuery) => http.get<Page<StorageRow>>(url, { params: q });

export function uploadFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<{ id: number }>(STORAGE_URL, form);
}

/** 1536 → 1.5 KB: the size as a person reads it. */
export function humanSize(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}
