import { useEffect, type ReactNode } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { useRecordTitles } from '@/shared/lib/look';
import { useT } from './messages';
import type { RecordState } from './useRecord';

/** What a detail view shows while loading, when missing or failed; null once the record is there. */
export function Pending<T>({ state, retry }: { state: RecordState<T>; retry: () => void }): ReactNode {
  const t = useT();
  if (state.phase === 'loading') {
    return (
      <Card>
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin aria-label={t('common.loading')} />
        </div>
      </Card>
    );
  }
  if (state.phase === 'missing') {
    return (
      <Card>
        <Result status="404" title={t('look.notFound')} subTitle={t('look.notFoundHint')} />
      </Card>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Card>
        <Result
          status="error"
          title={t('look.failed')}
          extra={
            <Button type="primary" onClick={retry}>
              {t('look.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  return null;
}

/** Gives the open tab the record's title (the goods name, the order number). */
export function useTabTitle(fullPath: string, title: string | undefined) {
  const set = useRecordTitles((s) => s.set);
  useEffect(() => {
    if (title) set(fullPath, title);
  }, [fullPath, title, set]);
}
