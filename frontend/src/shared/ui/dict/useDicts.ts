import { useEffect, useState } from 'react';
import { loadDicts, type DictEntry } from './dicts';

/** The named dictionaries, loaded once and shared ({} until they arrive). */
export function useDicts(...names: string[]): Record<string, DictEntry[]> {
  const key = names.join('\u0000');
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
  return dicts;
}
