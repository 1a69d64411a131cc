import { Card, Col, Descriptions, Row, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from './messages';
import { maskEmail, maskMobile } from '@/shared/lib/text';
import { getProfile, rolesOf, useSession } from '@/features/auth';
import { AvatarUpload } from './center/AvatarUpload';
import { PasswordForm } from './center/PasswordForm';
import { ProfileForm } from './center/ProfileForm';
import { SignInList } from './center/SignInList';

/**
 * 个人中心: the signed-in user's profile (fetched afresh when the page opens) with avatar, and tabs
 * to edit it, change the password and see the recent sign-ins. Every call is about the caller's own
 * account: the server takes it from the session.
 */
export default function UserCenterPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const [loaded, setLoaded] = useState(false);
  const empty = '-';
  useEffect(() => {
    let live = true;
    getProfile()
      .then((info) => {
        if (!live) return;
        useSession.setState({ user: info.user, roles: rolesOf(info) });
        setLoaded(true);
      })
      .catch(() => {
        // the request client has told the user (session ended, or the call failed)
      });
    return () => {
      live = false;
    };
  }, []);
  const roles = user?.roles ?? [];
  return (
    <Row gutter={[16, 16]} className="monomer-center">
      <Col xs={24} lg={8}>
        <Card title={t('center.profile')}>
          <AvatarUpload />
          <Typography.Title level={4} style={{ textAlign: 'center', margin: '12px 0 0' }}>
            {user?.nickName || user?.username || empty}
          </Typography.Title>
          <Descriptions column={1} size="small" style={{ marginTop: 16 }} className="monomer-center-profile">
            <Descriptions.Item label={t('profile.username')}>{user?.username || empty}</Descriptions.Item>
            <Descriptions.Item label={t('profile.phone')}>{user?.phone ? maskMobile(user.phone) : empty}</Descriptions.Item>
            <Descriptions.Item label={t('profile.email')}>{user?.email ? maskEmail(user.email) : empty}</Descriptions.Item>
            <Descriptions.Item label={t('profile.dept')}>{user?.dept?.name || empty}</Descriptions.Item>
            <Descriptions.Item label={t('user.roles')}>
              {roles.length ? roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : empty}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.createTime')}>{user?.createTime || empty}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          {loaded && user ? (
            <Tabs
              items={[
                { key: 'basic', label: t('center.basic'), children: <ProfileForm user={user} /> },
                { key: 'password', label: t('center.password'), children: <PasswordForm /> },
                { key: 'signIns', label: t('center.signIns'), children: <SignInList /> },
              ]}
            />
          ) : (
            <Spin />
          )}
        </Card>
      </Col>
    </Row>
  );
}
