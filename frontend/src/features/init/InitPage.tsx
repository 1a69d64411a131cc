import { useEffect, useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { useT } from '@/shared/lib/i18n';
import { checkInit } from './api';

type State = { kind: 'checking' } | { kind: 'done'; initialized: boolean } | { kind: 'failed' };

/** /init (系统初始化设置): shows GET /api/init/check; the setup form itself is a later issue. */
export default function InitPage() {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    let live = true;
    checkInit().then(
      (answer) => live && setState({ kind: 'done', initialized: answer.initialized === true }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <main style={{ maxWidth: 640, margin: '48px auto', padding: 16 }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('route.init')}
        </Typography.Title>
        {state.kind === 'checking' ? <Alert type="info" showIcon message={t('init.checking')} /> : null}
        {state.kind === 'done' ? (
          <Alert
            type={state.initialized ? 'success' : 'warning'}
            showIcon
            message={state.initialized ? t('init.initialized') : t('init.notInitialized')}
          />
        ) : null}
        {state.kind === 'failed' ? <Alert type="error" showIcon message={t('err.failed')} /> : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t('common.later')}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
