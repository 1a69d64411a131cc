import { Avatar, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { getProfile } from '@/features/auth/api';
import { useT } from '@/shared/lib/i18n';
import { rolesOf, useSession } from '@/stores/session';

/** 个人中心 (minimal): the signed-in user's profile, fetched afresh when the page opens. */
export default function UserCenterPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const empty = '-';
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
        <Avatar size={64} src={user?.avatarPath || undefined} icon={<UserOutlined />} alt={user?.nickName} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user?.nickName || user?.username || empty}
          </Typography.Title>
          <Typography.Text type="secondary">{user?.username ?? empty}</Typography.Text>
        </div>
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
