import { useState } from 'react';
import { App, Avatar, Button, Image, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useT } from '../messages';
import { apiUrl } from '@/shared/lib/runtime';
import { useSession } from '@/features/auth';
import { updateAvatar } from './api';
import { AVATAR_MAX_MB, AVATAR_TYPES, checkAvatar } from './rules';

const SIZE = 100;

/** The avatar (click to see it large) and 更换头像: checked here, stored as the account's avatar by the server. */
export function AvatarUpload() {
  const t = useT();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  const path = user?.avatarPath;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
      {path ? (
        <Image
          src={apiUrl(path)}
          alt={t('center.avatar')}
          width={SIZE}
          height={SIZE}
          style={{ borderRadius: '50%', objectFit: 'cover' }}
          rootClassName="monomer-center-avatar"
        />
      ) : (
        <Avatar size={SIZE} icon={<UserOutlined aria-hidden />} alt={t('center.avatar')} />
      )}
      <Upload
        accept={AVATAR_TYPES.map((x) => '.' + x).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const why = checkAvatar(file);
          if (why) {
            void message.error(why);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            const { avatar } = await updateAvatar(file as File);
            const current = useSession.getState().user;
            if (current) useSession.setState({ user: { ...current, avatarPath: avatar } });
            void message.success(t('center.avatar.saved'));
          } catch {
            // the request client has shown the server's reason
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button size="small" icon={<UploadOutlined aria-hidden />} loading={busy}>
          {t('center.avatar.change')}
        </Button>
      </Upload>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('center.avatar.tip', { n: AVATAR_MAX_MB })}</div>
    </div>
  );
}
