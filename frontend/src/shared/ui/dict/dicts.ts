import { http } from '@/shared/api';
import { t, type Language } from '@/shared/lib/i18n';

/** A dictionary entry as dropdowns use it; labelEn only when the entry has an English label. */
export interface DictEntry {
  value: string;
  label: string;
  labelEn?: string;
}

/**
 * The entry's label in `language`: in English its English label, else (none given) the Chinese
 * one, so a dictionary an administrator made without English labels still shows words (issue 16).
 */
export function entryLabel(entry: DictEntry, language: Language): string {
  return language === 'en-US' && entry.labelEn ? entry.labelEn : entry.label;
}

/** Dropdowns ask for the whole dictionary at once (docs/decisions.md "Building blocks (issue 5)"). */
export const DICT_QUERY = { pageNow: 1, pageSize: 999 };

/**
 * One shared cache for the app: each named dictionary is asked for once (GET /api/dictDetail)
 * however many dropdowns show it; a failed load is forgotten so that the next use tries again.
 */
const cache = new Map<string, Promise<DictEntry[]>>();

export function loadDict(name: string): Promise<DictEntry[]> {
  let p = cache.get(name);
  if (!p) {
    p = http
      .get<{ content?: Array<{ value: unknown; label: unknown; labelEn?: unknown }> }>('/api/dictDetail', {
        params: { ...DICT_QUERY, dictName: name },
      })
      .then((page) =>
        (page.content ?? []).map((e) => ({
          value: String(e.value),
          label: String(e.label),
          ...(typeof e.labelEn === 'string' && e.labelEn.trim() ? { labelEn: e.labelEn.trim() } : {}),
        })),
      );
    p.catch(() => cache.delete(name));
    cache.set(name, p);
  }
  return p;
}

/** Loads several dictionaries: { name: entries }. No names is a programming error: need Dict names. */
export async function loadDicts(names: string[]): Promise<Record<string, DictEntry[]>> {
  if (!names || names.length === 0) throw new Error(t('dict.missing'));
  const lists = await Promise.all(names.map(loadDict));
  return Object.fromEntries(names.map((n, i) => [n, lists[i]]));
}

/** For tests and sign-out: forget every loaded dictionary. */
export function clearDicts(): void {
  cache.clear();
}
