import { useEffect, useMemo, useState } from 'react';
import { useLanguage } from '@/shared/lib/i18n';
import { entryLabel, loadDicts, type DictEntry } from './dicts';

/**
 * The named dictionaries, loaded once and shared ({} until they arrive), each entry's label in the
 * chosen language (entryLabel): every table and select that shows entries through this hook follows
 * a language switch.
 */
export function useDicts(...names: string[]): Record<string, DictEntry[]> {
  const key = names.join('\u0000');
  const language = useLanguage((s) => s.language);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});
  useEffect(() => {
    let live = true;
    loadDicts(key ? key.split('\u0000') : [])
      .then((d) => live && setDicts(d))
      .catch((err: unknown) => {
        // no names is a programming error, a failed load was shown by the request client
        console.error(err);
      });
    return () => {
      live = false;
    };
  }, [key]);
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(dicts).map(([name, entries]) => [name, entries.map((e) => ({ ...e, label: entryLabel(e, language) }))]),
      ),
    [dicts, language],
  );
}
