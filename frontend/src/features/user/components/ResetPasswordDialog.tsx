import { App, Form } from 'antd';
import { LIMITS } from '@/shared/api';
import { submitForm, ModalForm, ProFormText } from '@/shared/ui/form';
import { resetPassword, type UserRow } from '../api';
import { useT } from '../messages';
import { placeholder } from '@/shared/lib/rules';

/** 重置密码 for one user (null: closed). */
export function ResetPasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <ModalForm<{ password: string }>
      title={`${t('user.resetPwd')}: ${user?.username ?? ''}`}
      open={user !== null}
      width={420}
      form={form}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      onFinish={(v) =>
        submitForm(form, async () => {
          if (user) await resetPassword(user.id, v.password);
          void message.success(t('user.resetPwd.done'));
          onClose();
          return true;
        })
      }
    >
      <ProFormText.Password
        name="password"
        label={t('user.password')}
        placeholder={placeholder(t('user.password'), 'password')}
        rules={[
          { required: true, message: t('v.required') },
          { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('v.length', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }) },
        ]}
      />
    </ModalForm>
  );
}
