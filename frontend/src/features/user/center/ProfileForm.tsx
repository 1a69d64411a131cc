import { App, Button, Form, Input, Radio } from 'antd';
import { useT } from '../messages';
import { itemRules, placeholder } from '@/shared/lib/rules';
import { useSession, type UserProfile } from '@/features/auth';
import { placeFieldErrors } from '@/shared/ui/form';
import { updateProfile, type CenterProfile } from './api';
import { genderRules, nickNameRules, phoneRules } from './rules';

/** 基本资料: nick name, gender and mobile of the signed-in user; saving updates the header at once. */
export function ProfileForm({ user }: { user: UserProfile }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<CenterProfile>();
  const initial: CenterProfile = { nickName: user.nickName ?? '', gender: user.gender ?? '', phone: user.phone ?? '' };

  const save = async (v: CenterProfile) => {
    const body = { nickName: v.nickName.trim(), gender: v.gender, phone: v.phone.trim() };
    try {
      await updateProfile(body);
    } catch (error) {
      placeFieldErrors(form, error); // under their inputs; the request client told the rest
      return;
    }
    const current = useSession.getState().user;
    if (current) useSession.setState({ user: { ...current, ...body } });
    void message.success(t('center.saved'));
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '80px' }} initialValues={initial} onFinish={save} style={{ maxWidth: 480 }}>
      <Form.Item name="nickName" label={t('center.nickName')} {...itemRules('text', nickNameRules())}>
        <Input placeholder={placeholder(t('center.nickName'))} />
      </Form.Item>
      <Form.Item name="gender" label={t('center.gender')} {...itemRules('select', genderRules())}>
        <Radio.Group
          options={[
            { value: '男', label: t('user.gender.m') },
            { value: '女', label: t('user.gender.f') },
          ]}
        />
      </Form.Item>
      <Form.Item name="phone" label={t('center.phone')} {...itemRules('text', phoneRules())}>
        <Input placeholder={placeholder(t('center.phone'))} inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit">
          {t('center.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
