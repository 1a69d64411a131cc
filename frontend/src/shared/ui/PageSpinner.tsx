import { Spin } from 'antd';
import { useT } from '@/shared/lib/i18n';

/** Shown while a page chunk or the session loads. */
export function PageSpinner() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', justifyContent: 'center', padding: '64px 0' }}>
      <Spin tip={t('common.loading')} size="large">
        <div style={{ width: 120, height: 48 }} />
      </Spin>
    </div>
  );
}
