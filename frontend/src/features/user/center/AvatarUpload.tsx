import { App, Avatar, Image } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { FileButton } from '@/shared/ui/upload/FileButton';
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
      <FileButton
        types={AVATAR_TYPES}
        check={checkAvatar}
        send={async (file) => {
          const { avatar } = await updateAvatar(file);
          const current = useSession.getState().user;
          if (current) useSession.setState({ user: { ...current, avatarPath: avatar } });
          void message.success(t('center.avatar.saved'));
        }}
        buttonProps={{ size: 'small' }}
      >
        {t('center.avatar.change')}
      </FileButton>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('center.avatar.tip', { n: AVATAR_MAX_MB })}</div>
    </div>
  );
}
