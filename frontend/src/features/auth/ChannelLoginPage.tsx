import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Flex } from 'antd';
import { useT } from './messages';
import { safeRedirect } from '@/shared/lib/paths';
import { useSession } from './session';
import { AuthShell } from './AuthShell';
import { CredentialFields } from './SignInField';
import { required, useFieldErrors } from './useFieldErrors';

/** /newLogin: channel-operator sign-in, POST /background/common/tj/login. */
export default function ChannelLoginPage() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const channelLogin = useSession((s) => s.channelLogin);
  const [submitting, setSubmitting] = useState(false);
  const rules = useMemo(
    () => ({ username: required(t('login.username.required')), password: required(t('login.password.required')) }),
    [t],
  );
  const form = useFieldErrors<'username' | 'password'>({ username: '', password: '' }, rules);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !form.validateAll()) return;
    setSubmitting(true);
    try {
      await channelLogin({ username: form.values.username.trim(), password: form.values.password });
    } catch {
      setSubmitting(false);
      return;
    }
    // marked: a redirect this user may not open ends on /401, not /404 (app/CatchAll.tsx)
    navigate(safeRedirect(params.get('redirect')), { replace: true, state: { fromSignIn: true } });
  };

  return (
    <AuthShell subtitle={t('route.newLogin')}>
      <form name="channel-login" noValidate onSubmit={onSubmit}>
        <CredentialFields
          idPrefix="channel"
          form={form}
          labels={{ username: t('login.username'), password: t('login.password') }}
        />
        <Flex justify="flex-end" style={{ marginBottom: 24 }}>
          <Link to="/login">{t('login.staff.link')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
