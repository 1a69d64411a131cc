/** How old an answer is, in the unit a person reads (the BFF's ageSeconds: its clock, not the browser's). */
export function ageOf(seconds: number): { key: 'tracking.age.now' | 'tracking.age.minutes' | 'tracking.age.hours' | 'tracking.age.days'; n: number } {
  if (seconds < 60) return { key: 'tracking.age.now', n: 0 };
  if (seconds < 3600) return { key: 'tracking.age.minutes', n: Math.floor(seconds / 60) };
  if (seconds < 86400) return { key: 'tracking.age.hours', n: Math.floor(seconds / 3600) };
  return { key: 'tracking.age.days', n: Math.floor(seconds / 86400) };
}
