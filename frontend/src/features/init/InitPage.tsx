import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Divider, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from './messages';
import { emailRules, mobileRules, placeholder } from '@/shared/lib/rules';
import { getToken } from '@/shared/lib/token';
import { reloadBrand } from '@/shared/lib/brand';
import type { NoticeState } from '@/shared/lib/notice';
import { placeFieldErrors } from '@/shared/ui/form';
import { policyUploader, RichTextField, UploadRefused, type ImageUploader } from '@/shared/ui/richtext';
import { checkInit, setupSystem, type SetupForm } from './api';
import { useSession } from '@/features/auth';

type State = { kind: 'checking' } | { kind: 'done'; initialized: boolean } | { kind: 'failed' };

/** /init (系统初始化设置): on a new system, creates the first administrator and the shop's settings. */
export default function InitPage() {
  // Outside the frame: antd's App gives this page its own message API.
  return (
    <App component={false}>
      <InitForm />
    </App>
  );
}

function InitForm() {
  const t = useT();
  const navigate = useNavigate();
  const adopt = useSession((s) => s.adopt);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<SetupForm & { confirm: string }>();

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

  const required = { required: true, message: t('v.required') };
  // Pictures are uploaded files, which need an owner: whoever signed in with the seeded
  // administrator's printed password can add them; before that the introduction is text only.
  const upload = policyUploader();
  const introImages: ImageUploader = (file) => {
    if (!getToken()) return Promise.reject(new UploadRefused(t('init.introNeedsLogin')));
    return upload(file);
  };
  const submit = async (v: SetupForm & { confirm: string }) => {
    setSaving(true);
    try {
      const { confirm: _confirm, ...body } = v;
      adopt(await setupSystem(body));
      // the shop's name is now the product title (unless the host has a brand)
      void reloadBrand();
      // signed in already: the new administrator starts on the dashboard, where the frame tells
      // the success (this page's message holder goes away with it)
      const state: NoticeState = { notice: t('init.done') };
      navigate('/dashboard', { replace: true, state });
    } catch (error) {
      placeFieldErrors(form, error); // under their inputs; the request client told the rest
    } finally {
      setSaving(false);
    }
  };

  return (
    <main style={{ width: '100%', maxWidth: 640, margin: '48px auto', padding: 16, boxSizing: 'border-box' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('route.init')}
        </Typography.Title>
        {state.kind === 'checking' ? <Alert type="info" showIcon message={t('init.checking')} /> : null}
        {state.kind === 'failed' ? <Alert type="error" showIcon message={t('err.failed')} /> : null}
        {state.kind === 'done' && state.initialized ? <Alert type="success" showIcon message={t('init.initialized')} /> : null}
        {state.kind === 'done' && !state.initialized ? (
          <>
            <Alert type="warning" showIcon message={t('init.notInitialized')} style={{ marginBottom: 16 }} />
            <Form<SetupForm & { confirm: string }> form={form} layout="vertical" onFinish={submit} requiredMark>
              <Form.Item name="setupToken" label={t('init.token')} extra={t('init.tokenHelp')} rules={[required]}>
                <Input.Password autoComplete="off" placeholder={placeholder(t('init.token'), 'password')} />
              </Form.Item>
              <Divider orientation="left">{t('init.admin')}</Divider>
              <Form.Item name="username" label={t('user.username')} rules={[required]}>
                <Input autoComplete="username" placeholder={placeholder(t('user.username'), 'text')} />
              </Form.Item>
              <Form.Item name="nickName" label={t('user.nickName')} rules={[required]}>
                <Input placeholder={placeholder(t('user.nickName'), 'text')} />
              </Form.Item>
              <Form.Item
                name="email"
                label={t('user.email')}
                rules={emailRules()}
              >
                <Input placeholder={placeholder(t('user.email'), 'text')} />
              </Form.Item>
              <Form.Item name="password" label={t('user.password')} rules={[required, { min: 8, max: 72, message: t('v.length', { min: 8, max: 72 }) }]}>
                <Input.Password autoComplete="new-password" placeholder={placeholder(t('user.password'), 'password')} />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('init.confirm')}
                dependencies={['password']}
                rules={[
                  required,
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('init.mismatch'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" placeholder={placeholder(t('init.confirm'), 'password')} />
              </Form.Item>
              <Divider orientation="left">{t('init.shop')}</Divider>
              <Form.Item name="shopName" label={t('init.shopName')} rules={[required]}>
                <Input placeholder={placeholder(t('init.shopName'), 'text')} />
              </Form.Item>
              <Form.Item name="shopPhone" label={t('init.shopPhone')} rules={mobileRules()}>
                <Input placeholder={placeholder(t('init.shopPhone'), 'text')} />
              </Form.Item>
              <Form.Item name="shopAddress" label={t('init.shopAddress')}>
                <Input placeholder={placeholder(t('init.shopAddress'), 'text')} />
              </Form.Item>
              <Form.Item name="shopIntro" label={t('init.shopIntro')}>
                <RichTextField height={160} uploadImage={introImages} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} block>
                {t('init.submit')}
              </Button>
            </Form>
          </>
        ) : null}
      </Card>
    </main>
  );
}
