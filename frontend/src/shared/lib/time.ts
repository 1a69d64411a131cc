import dayjs from 'dayjs';
import { t, type MessageKey } from './i18n';

export const DATE_TIME = 'yyyy-MM-dd HH:mm:ss';
export const DATE = 'yyyy-MM-dd';
export const TIME = 'HH:mm:ss';

/** Chinese weekday names, Sunday first (Date.getDay order); the i18n table's weekday.N. */
export const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

export type TimeInput = Date | number | string;

/** A Date from a Date, milliseconds, a 10-digit number of seconds (DECISIONS §3) or a date string. */
export function toDate(value: TimeInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) value = Number(value);
  if (typeof value === 'number') return new Date(String(Math.trunc(value)).length === 10 ? value * 1000 : value);
  // "yyyy-MM-dd HH:mm:ss" is local time; Safari does not parse the space form
  return new Date(value.replace(/-/g, '/').replace('T', ' ').replace(/\.\d+$/, ''));
}

/** Our Java-style tokens (yyyy MM dd HH mm ss, eladmin's) in dayjs spelling. */
const toDayjsPattern = (pattern: string) => pattern.replace('yyyy', 'YYYY').replace('dd', 'DD');

/**
 * The date pickers' formats wherever a dialog shows one (seed §9: date yyyy-MM-dd, time HH:mm:ss),
 * in dayjs spelling for antd's `format`.
 */
export const PICKER = { date: toDayjsPattern(DATE), time: toDayjsPattern(TIME), dateTime: toDayjsPattern(DATE_TIME) } as const;

/** Formats with the tokens yyyy MM dd HH mm ss (default yyyy-MM-dd HH:mm:ss) by dayjs; '' for no or a bad value. */
export function formatTime(value: TimeInput | null | undefined, pattern = DATE_TIME): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return dayjs(d).format(toDayjsPattern(pattern));
}

/**
 * 刚刚 under 30 s, N分钟前 under an hour, N小时前 under 24 h, 1天前 under 48 h, else the date
 * (docs/decisions.md "Building blocks (issue 5)"). N rounds up, as the original did.
 */
export function relativeTime(value: TimeInput, now: number = Date.now()): string {
  const d = toDate(value);
  const s = (now - d.getTime()) / 1000;
  if (s < 30) return t('time.justNow');
  if (s < 3600) return t('time.minutesAgo', { n: Math.ceil(s / 60) });
  if (s < 86400) return t('time.hoursAgo', { n: Math.ceil(s / 3600) });
  if (s < 172800) return t('time.dayAgo');
  return formatTime(d, DATE);
}

/** The default date range (seed-spec §9): from the start of the day 90 days ago to the start of today. */
export function defaultRange(now: Date = new Date()): [Date, Date] {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 90);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return [start, end];
}

/** 星期一 style name of a date's weekday (Mon in English). */
export function weekdayName(value: TimeInput): string {
  const day = toDate(value).getDay();
  return t('weekday.name', { d: t(`weekday.${day}` as MessageKey) });
}
