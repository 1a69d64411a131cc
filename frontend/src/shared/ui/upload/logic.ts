import { t } from '@/shared/lib/i18n';

/** Defaults of docs/decisions.md "Building blocks (issue 5)": 5 MB, one file, pdf and images. */
export const DEFAULT_MAX_MB = 5;
export const DEFAULT_LIMIT = 1;
export const DEFAULT_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'svg', 'webp', 'bmp'];
export const DEFAULT_ACTION = '/api/contract/upload';

/** The upload endpoint's answer (docs/api.md). */
export interface UploadAnswer {
  id?: number;
  url: string;
  originalName: string;
  uri: string;
  readUrl: string;
  downloadUrl: string;
  fileType?: string;
}

/** A file in the list (docs/decisions.md "Building blocks (issue 5)"). */
export interface UploadedFile {
  id?: number;
  originalName: string;
  name: string;
  fileUrl: string;
  path: string;
  readUrl: string;
  downloadUrl: string;
  fileType: string;
}

export function extension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

export function toUploadedFile(a: UploadAnswer): UploadedFile {
  return {
    id: a.id,
    originalName: a.originalName,
    name: a.originalName,
    fileUrl: a.uri,
    path: a.readUrl,
    readUrl: a.readUrl,
    downloadUrl: a.downloadUrl,
    fileType: a.fileType ?? extension(a.originalName),
  };
}

/** Adding appends. */
export function addFile(list: UploadedFile[], f: UploadedFile): UploadedFile[] {
  return [...list, f];
}

/** Removing takes out by fileUrl. */
export function removeFile(list: UploadedFile[], fileUrl: string): UploadedFile[] {
  return list.filter((f) => f.fileUrl !== fileUrl);
}

/** Why a chosen file is refused ('' when it is fine): its size, then its type. */
export function checkFile(file: { name: string; size: number }, maxMB: number, types: string[]): string {
  if (file.size > maxMB * 1024 * 1024) return t('upload.tooBig', { n: maxMB });
  if (!types.includes(extension(file.name))) return t('upload.badType', { types: types.join(', ') });
  return '';
}

/** Whether adding count files to a list of have goes over the limit. */
export function exceeds(have: number, count: number, limit: number): boolean {
  return have + count > limit;
}

/** The add button shows until the list reaches the limit. */
export function canAdd(have: number, limit: number): boolean {
  return have < limit;
}
