import { LOOK_TYPES, type LookType } from '@/shared/lib/look';

/** A case number as the BFF writes it ("AS" + 20 digits), give or take: letters and digits. */
const CASE_NO = /^[A-Za-z0-9]{1,32}$/;

/**
 * The record a /look address names, or null when the type or id is not one. An after-sales case
 * may be named by its number instead (`no`, id 0): a 退款审批 knows its case by number only.
 */
export function lookTarget(search: string): { type: LookType; id: number; no?: string } | null {
  const q = new URLSearchParams(search);
  const type = q.get('type') ?? '';
  const id = q.get('id') ?? '';
  const no = q.get('no') ?? '';
  if (type === 'aftersale' && !id && CASE_NO.test(no)) return { type, id: 0, no };
  if (!(LOOK_TYPES as readonly string[]).includes(type) || !/^[1-9]\d{0,15}$/.test(id)) return null;
  return { type: type as LookType, id: Number(id) };
}
