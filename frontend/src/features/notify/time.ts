import { relativeTime } from '@/shared/lib/time';

/** "x 分钟前" of a message's time: ISO (with its zone) as the BFF sends it, or "yyyy-MM-dd HH:mm:ss". */
export function ago(value: string, now = Date.now()): string {
  if (!value) return '';
  const at = value.includes('T') ? new Date(value) : value;
  return relativeTime(at, now);
}
