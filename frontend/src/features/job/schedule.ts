import type { JobT } from './messages';

const num = (s: string, max: number) => /^\d{1,2}$/.test(s) && Number(s) <= max;
const hhmm = (h: string, m: string) => `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;

/** "@every 1h30m" → 每 1 小时 30 分钟; undefined for what is not whole h/m/s parts. */
function every(d: string, t: JobT): string | undefined {
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(d);
  if (!parts || d === '') return undefined;
  const out = (['h', 'm', 's'] as const)
    .map((unit, i) => (parts[i + 1] ? t('job.every', { n: Number(parts[i + 1]), unit: t(`job.unit.${unit}`) }) : ''))
    .filter(Boolean);
  // 每 1 小时 30 分钟: the second part drops its 每
  return out.map((s, i) => (i === 0 ? s : s.replace(/^(每|Every) /, ''))).join(' ');
}

/**
 * A job's schedule in words, as the BFF reads it (robfig/cron: five fields or a descriptor):
 * "@every 1m" → 每 1 分钟, "0 1 * * *" → 每天 01:00. What it does not recognise stays as written.
 */
export function scheduleText(expr: string, t: JobT): string {
  const s = expr.trim();
  if (s.startsWith('@every ')) return every(s.slice(7).trim(), t) ?? expr;
  switch (s) {
    case '@hourly':
      return t('job.hourly');
    case '@daily':
    case '@midnight':
      return t('job.daily', { time: '00:00' });
    case '@weekly':
      return t('job.weekly', { day: t('job.day.0'), time: '00:00' });
    case '@monthly':
      return t('job.monthly', { d: 1, time: '00:00' });
    case '@yearly':
    case '@annually':
      return t('job.yearly', { time: '00:00' });
  }
  const f = s.split(/\s+/);
  if (f.length !== 5) return expr;
  const [m, h, dom, mon, dow] = f as [string, string, string, string, string];
  if (mon !== '*') return expr;
  const step = /^\*\/(\d+)$/.exec(m);
  if (step && h === '*' && dom === '*' && dow === '*') return t('job.every', { n: Number(step[1]), unit: t('job.unit.m') });
  if (!num(m, 59)) return expr;
  if (h === '*' && dom === '*' && dow === '*') return m === '0' ? t('job.hourly') : t('job.hourlyAt', { m: Number(m) });
  if (!num(h, 23)) return expr;
  const time = hhmm(h, m);
  if (dom === '*' && dow === '*') return t('job.daily', { time });
  if (dom === '*' && num(dow, 7)) return t('job.weekly', { day: t(`job.day.${Number(dow) % 7}` as 'job.day.0'), time });
  if (dow === '*' && num(dom, 31) && Number(dom) > 0) return t('job.monthly', { d: Number(dom), time });
  return expr;
}
