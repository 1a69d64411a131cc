import { Avatar, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { getProfile } from '@/features/auth/api';
import { useT } from '@/shared/lib/i18n';
import { rolesOf, useSession } from '@/stores/session';
import { getRuntime } from '@/shared/lib/runtime';
import { Upload, type UploadedFile } from '@/shared/ui/upload';

const AVATAR_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'bmp', 'svg'];

/** 个人中心 (minimal): the signed-in user's profile, fetched afresh when the page opens. */
export default function UserCenterPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const empty = '-';
  // The picture just uploaded; saving it as the account's avatar needs the user API (to come).
  const [avatar, setAvatar] = useState<UploadedFile[]>([]);
  const avatarSrc = avatar[0] ? getRuntime().apiBase + avatar[0].readUrl : user?.avatarPath || undefined;
  useEffect(() => {
    let live = true;
    getProfile()
      .then((info) => {
        if (live) useSession.setState({ user: info.user, roles: rolesOf(info) });
      })
      .catch(() => {
        // the request client has told the user (session ended, or the call failed)
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card title={t('user.center')}>
      <Space align="center" size={16} style={{ marginBottom: 24 }}>
        <Avatar size={64} src={avatarSrc} icon={<UserOutlined />} alt={user?.nickName} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user?.nickName || user?.username || empty}
          </Typography.Title>
          <Typography.Text type="secondary">{user?.username ?? empty}</Typography.Text>
        </div>
        <Upload
          value={avatar}
          onChange={setAvatar}
          types={AVATAR_TYPES}
          label={t('upload.avatar')}
          tip={t('upload.avatar.tip')}
          data={{ type: 'avatar' }}
        />
      </Space>
      <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
        <Descriptions.Item label={t('profile.username')}>{user?.username || empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.nickName')}>{user?.nickName || empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.email')}>{user?.email || empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.phone')}>{user?.phone || empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.dept')}>{user?.dept?.name || empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.createTime')}>{user?.createTime || empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')} span={2}>
          {roles.length ? roles.map((role) => <Tag key={role}>{role}</Tag>) : empty}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
