import { App, Button, Form, Input } from 'antd';
import { useT } from '../messages';
import { itemRules, placeholder } from '@/shared/lib/rules';
import { placeFieldErrors } from '@/shared/ui/form';
import { updatePassword } from './api';
import { confirmRules, newPassRules, oldPassRules } from './rules';

interface Values {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

/** 修改密码: old, new and confirmation; the server then ends this user's other sessions. */
export function PasswordForm() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  const save = async (v: Values) => {
    try {
      await updatePassword(v.oldPass, v.newPass);
    } catch (error) {
      placeFieldErrors(form, error); // under their inputs; the request client told the rest
      return;
    }
    form.resetFields();
    void message.success(t('center.saved'));
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '80px' }} onFinish={save} style={{ maxWidth: 480 }}>
      <Form.Item name="oldPass" label={t('center.oldPass')} {...itemRules('password', oldPassRules())}>
        <Input.Password placeholder={placeholder(t('center.oldPass'), 'password')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPass" label={t('center.newPass')} dependencies={['oldPass']} {...itemRules('password', newPassRules())}>
        <Input.Password placeholder={placeholder(t('center.newPass'), 'password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPass"
        label={t('center.confirmPass')}
        dependencies={['newPass']}
        {...itemRules('password', confirmRules())}
      >
        <Input.Password placeholder={placeholder(t('center.confirmPass'), 'password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit">
          {t('center.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
