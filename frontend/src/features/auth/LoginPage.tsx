import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Checkbox, Flex } from 'antd';
import { dismissErrors } from '@/shared/api';
import { SafetyOutlined } from '@ant-design/icons';
import { useT } from './messages';
import { safeRedirect } from '@/shared/lib/paths';
import { COOKIE_REMEMBER, COOKIE_USERNAME, deleteCookie, readCookie, writeCookie } from '@/shared/lib/cookies';
import { TOKEN_COOKIE_DAYS } from '@/shared/lib/token';
import { useSession } from './session';
import { getCaptcha, initialized } from './api';
import { AuthShell } from './AuthShell';
import { FieldRow, FormWarning } from './FieldRow';
import { CredentialFields, SignInInput } from './SignInField';
import type { Captcha } from './types';
import { required, useFieldErrors } from './useFieldErrors';

type Field = 'username' | 'password' | 'code';

/** /login: staff sign-in with captcha and remember-me (docs/decisions.md "Users and menus"; docs/api.md). */
export default function LoginPage() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const portalRefused = useSession((s) => s.portalRefused);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [rememberMe, setRememberMe] = useState(() => readCookie(COOKIE_REMEMBER) === '1');
  const [submitting, setSubmitting] = useState(false);

  const rules = useMemo(
    () => ({
      username: required(t('login.username.required')),
      password: required(t('login.password.required')),
      code: required(t('login.code.required')),
    }),
    [t],
  );
  const form = useFieldErrors<Field>({ username: readCookie(COOKIE_USERNAME) ?? '', password: '', code: '' }, rules);
  const { set: setField } = form;

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
    } catch {
      // the request client has told the user
    }
    setField('code', '');
    // setField is stable enough for this purpose; the captcha only depends on the server
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  // A system not set up yet has nobody to sign in: / goes to /init, and /login says so (issue 16).
  const [uninitialized, setUninitialized] = useState(false);
  useEffect(() => {
    let live = true;
    initialized().then(
      (done) => {
        if (!live || done) return;
        const wanted = params.get('redirect');
        if (wanted === '/' || wanted === '/dashboard') navigate('/init', { replace: true });
        else setUninitialized(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [params, navigate]);

  const captchaOn = captcha?.enabled === true;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!form.validateAll(captchaOn ? undefined : ['username', 'password'])) return;
    const username = form.values.username.trim();
    setSubmitting(true);
    try {
      await login(
        { username, password: form.values.password, code: form.values.code.trim(), uuid: captcha?.uuid ?? '' },
        rememberMe,
      );
    } catch {
      // the client showed the error; a captcha is single use
      setSubmitting(false);
      void refreshCaptcha();
      return;
    }
    // The refusal of an earlier try is stale now: it does not follow the user onto the dashboard.
    dismissErrors();
    // Remember the user name only: the password is never written to a cookie.
    if (rememberMe) {
      writeCookie(COOKIE_USERNAME, username, TOKEN_COOKIE_DAYS);
      writeCookie(COOKIE_REMEMBER, '1', TOKEN_COOKIE_DAYS);
    } else {
      deleteCookie(COOKIE_USERNAME);
      deleteCookie(COOKIE_REMEMBER);
    }
    // marked: a redirect this user may not open ends on /401, not /404 (app/CatchAll.tsx)
    navigate(safeRedirect(params.get('redirect')), { replace: true, state: { fromSignIn: true } });
  };

  const err = form.errors;
  return (
    <AuthShell subtitle={t('route.login')}>
      {uninitialized ? (
        <FormWarning>
          {t('login.uninitialized')} <Link to="/init">{t('login.toInit')}</Link>
        </FormWarning>
      ) : null}
      {portalRefused ? (
        <FormWarning>{t('login.portalRefused', { reason: portalRefused })}</FormWarning>
      ) : null}
      <form name="login" noValidate onSubmit={onSubmit}>
        <CredentialFields
          idPrefix="login"
          form={form}
          labels={{ username: t('login.username'), password: t('login.password') }}
        />
        {captchaOn ? (
          <FieldRow errorId="login-code-error" error={err.code}>
            <Flex gap={8} align="center">
              <SignInInput
                id="login-code"
                label={t('login.code')}
                icon={<SafetyOutlined />}
                autoComplete="off"
                value={form.values.code}
                error={err.code}
                onChange={(v) => form.onChange('code', v)}
                onBlur={() => form.onBlur('code')}
                style={{ flex: 1 }}
              />
              <img
                src={captcha.img}
                alt={t('login.code')}
                title={t('login.code.refresh')}
                tabIndex={0}
                onClick={() => void refreshCaptcha()}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    void refreshCaptcha();
                  }
                }}
                style={{ height: 40, width: 120, cursor: 'pointer', borderRadius: 6, objectFit: 'contain' }}
              />
            </Flex>
          </FieldRow>
        ) : null}
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)}>
            {t('login.remember')}
          </Checkbox>
          <Link to="/newLogin">{t('login.channel.link')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
