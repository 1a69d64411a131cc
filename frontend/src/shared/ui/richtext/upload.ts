import { http } from '@/shared/api';
import { t } from '@/shared/lib/i18n';
import { getRuntime } from '@/shared/lib/runtime';
import { checkFile, DEFAULT_ACTION, DEFAULT_MAX_MB, DEFAULT_TYPES, type UploadAnswer } from '../upload/logic';

/** Stores a pasted or dropped image somewhere and says where it can be read. */
export type ImageUploader = (file: File) => Promise<string>;

/** An uploader's refusal in words for the user (shown as is instead of 上传失败). */
export class UploadRefused extends Error {}

/** Default: the BFF's upload endpoint (or another action URL); the image's address as the API serves it. */
export function bffUploader(action: string = DEFAULT_ACTION): ImageUploader {
  return async (file) => {
    const form = new FormData();
    form.append('file', file);
    const a = await http.post<UploadAnswer>(action, form);
    return getRuntime().apiBase + a.readUrl;
  };
}

/** Where the BFF keeps pictures and, with object storage, a signed POST (docs/api.md): the S3 bucket, Qiniu or Aliyun OSS. */
export interface ImagePolicy {
  storage: 'local' | 's3' | 'qiniu' | 'oss';
  maxBytes: number;
  url?: string;
  fields?: Record<string, string>;
  key?: string;
  readUrl?: string;
  expiresAt?: string;
}

export const IMAGE_POLICY = '/api/files/imagePolicy';

/** The types a picture may go straight to the bucket with (the BFF's raster kinds; never SVG). */
const DIRECT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'];

/** A read address is a BFF path (s3) or the vendor's own absolute address (qiniu, oss). */
function readAddress(readUrl: string): string {
  return /^https?:\/\//.test(readUrl) ? readUrl : getRuntime().apiBase + readUrl;
}

/**
 * Asks the BFF where a picture goes. With object storage (whichever provider it announces) it is
 * posted straight to the bucket with the signed fields (the bytes never pass the BFF) and read
 * at the answer's readUrl; on local disk, and for other types, it goes through `fallback`. A
 * "local" answer is remembered. Qiniu takes no Content-Type field (it detects the type itself).
 */
export function policyUploader(fallback: ImageUploader = bffUploader()): ImageUploader {
  let local = false;
  return async (file) => {
    if (local || !DIRECT_TYPES.includes(file.type)) return fallback(file);
    const p = await http.post<ImagePolicy>(IMAGE_POLICY, { contentType: file.type });
    if (p.storage === 'local' || !p.url || !p.fields || !p.readUrl) {
      local = true;
      return fallback(file);
    }
    if (file.size > p.maxBytes) throw new UploadRefused(t('upload.tooBig', { n: Math.floor(p.maxBytes / 1024 / 1024) }));
    const form = new FormData();
    for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
    if (p.storage !== 'qiniu') form.set('Content-Type', file.type);
    form.append('file', file); // last: the bucket ignores fields after the file
    const res = await fetch(p.url, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`upload failed: ${res.status}`);
    return readAddress(p.readUrl);
  };
}

/** Deadline of an object-storage upload token: now (seconds) + hours × 3600. */
export function tokenDeadline(hours: number, nowSeconds: number = Math.floor(Date.now() / 1000)): number {
  return nowSeconds + Math.round(hours * 3600);
}

export interface ObjectStorageOptions {
  /** The provider's upload URL. */
  action: string;
  /** Public base the stored key is read from. */
  publicBase: string;
  /** Token lifetime in hours. */
  hours: number;
  /** Signs the upload policy for the deadline (client-side, with the provider's key pair). */
  sign: (deadline: number) => Promise<Record<string, string>>;
}

/**
 * Upload straight to an object-storage provider with a signed token whose deadline is
 * hours × 3600 s from now; the provider answers with the stored key.
 */
export function objectStorageUploader(o: ObjectStorageOptions): ImageUploader {
  return async (file) => {
    const fields = await o.sign(tokenDeadline(o.hours));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    const res = await fetch(o.action, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`upload failed: ${res.status}`);
    const { key } = (await res.json()) as { key: string };
    return o.publicBase.replace(/\/$/, '') + '/' + key;
  };
}

/** Images among the clipboard's or the drop's files. */
export function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));
}

/** The upload component's limits (size, picture types) hold for pictures put into the text too. */
export const IMAGE_TYPES = [...DEFAULT_TYPES.filter((type) => type !== 'pdf'), 'gif'];

/** Why a picture is not uploaded ('' when it may be): too big, or not a picture type. */
export function checkImage(file: File): string {
  return checkFile(file, DEFAULT_MAX_MB, IMAGE_TYPES);
}
