import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Flex } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { safeRedirect } from '@/shared/lib/paths';
import { useSession } from '@/stores/session';
import { AuthShell } from './AuthShell';
import { FieldRow } from './FieldRow';
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
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const err = form.errors;
  return (
    <AuthShell subtitle={t('route.newLogin')}>
      <form name="channel-login" noValidate onSubmit={onSubmit}>
        <FieldRow errorId="channel-username-error" error={err.username}>
          <Input
            size="large"
            aria-label={t('login.username')}
            placeholder={t('login.username')}
            prefix={<UserOutlined />}
            autoComplete="username"
            value={form.values.username}
            status={err.username ? 'error' : undefined}
            aria-invalid={Boolean(err.username)}
            aria-describedby={err.username ? 'channel-username-error' : undefined}
            onChange={(e) => form.onChange('username', e.target.value)}
            onBlur={() => form.onBlur('username')}
          />
        </FieldRow>
        <FieldRow errorId="channel-password-error" error={err.password}>
          <Password
            size="large"
            aria-label={t('login.password')}
            placeholder={t('login.password')}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={form.values.password}
            status={err.password ? 'error' : undefined}
            aria-invalid={Boolean(err.password)}
            aria-describedby={err.password ? 'channel-password-error' : undefined}
            onChange={(e) => form.onChange('password', e.target.value)}
            onBlur={() => form.onBlur('password')}
          />
        </FieldRow>
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
