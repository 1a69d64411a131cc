import { LOOK_TYPES, type LookType } from '@/shared/lib/look';

/** The record a /look address names, or null when the type or id is not one. */
export function lookTarget(search: string): { type: LookType; id: number } | null {
  const q = new URLSearchParams(search);
  const type = q.get('type') ?? '';
  const id = q.get('id') ?? '';
  if (!(LOOK_TYPES as readonly string[]).includes(type) || !/^[1-9]\d{0,15}$/.test(id)) return null;
  return { type: type as LookType, id: Number(id) };
}
