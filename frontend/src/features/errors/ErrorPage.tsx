import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from './messages';

/** 401 / 404 page with a way home. */
export function ErrorPage({ code }: { code: 401 | 404 }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status={code === 401 ? '403' : '404'}
      title={code === 401 ? t('error.401.title') : t('error.404.title')}
      subTitle={code === 401 ? t('error.401.body') : t('error.404.body')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
