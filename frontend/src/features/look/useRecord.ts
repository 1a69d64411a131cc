import { useCallback, useEffect, useState } from 'react';
import { failureOf } from '@/shared/api';

export type RecordState<T> =
  | { phase: 'loading' }
  | { phase: 'done'; record: T }
  | { phase: 'missing' }
  | { phase: 'failed' };

/**
 * Loads one record; a 404 (or a 400 for an id the API refuses) is "missing", any other failure
 * "failed" (the request client has said why). A newer id wins over an older answer. `refresh`
 * loads it again after a change made on the page, keeping the shown record until the answer.
 */
export function useRecord<T>(
  load: (id: number) => Promise<T>,
  id: number,
): { state: RecordState<T>; retry: () => void; refresh: () => void } {
  const [state, setState] = useState<RecordState<T>>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ phase: 'loading' });
    load(id).then(
      (record) => live && setState({ phase: 'done', record }),
      (error: unknown) => {
        const status = failureOf(error)?.status;
        if (live) setState({ phase: status === 404 || status === 400 ? 'missing' : 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [load, id, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // after a move on the page: the record again without the spinner in between (a failure shows as a failed load)
  const refresh = useCallback(() => {
    load(id).then(
      (record) => setState({ phase: 'done', record }),
      () => retry(),
    );
  }, [load, id, retry]);
  return { state, retry, refresh };
}
