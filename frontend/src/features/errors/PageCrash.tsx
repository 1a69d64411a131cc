import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useT } from './messages';

/**
 * What a page that failed while drawing shows in its place: the frame, the tabs and the
 * breadcrumb stay, the words follow the user's language, and 返回 / 刷新 lead out of it.
 */
export default function PageCrash() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  // the first page of a visit has the key 'default': there is nothing to go back to
  const back = () => void (key === 'default' ? navigate('/') : navigate(-1));
  return (
    <Result
      status="error"
      title={t('error.crash.title')}
      subTitle={t('error.crash.body')}
      extra={[
        <Button key="back" onClick={back}>
          {t('error.crash.back')}
        </Button>,
        <Button key="refresh" type="primary" onClick={() => void navigate(`/redirect${pathname}${search}`, { replace: true })}>
          {t('error.crash.refresh')}
        </Button>,
      ]}
    />
  );
}
