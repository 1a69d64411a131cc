import { useNavigate } from 'react-router';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { apiUrl } from '@/shared/lib/runtime';
import { useSession } from '@/features/auth';
import { useTabs } from './tabs';

/** Avatar + nickName; 布局设置, 个人中心, 退出登录 (asks first). */
export function UserMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);

  const items: MenuProps['items'] = [
    // decorative icons: the item's name is its text alone
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('user.menu.settings') },
    { key: 'center', icon: <UserOutlined aria-hidden />, label: t('user.menu.center') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('user.menu.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') onOpenSettings();
    else if (key === 'center') navigate('/user/center');
    else if (key === 'logout') {
      modal.confirm({
        title: t('common.hint'),
        content: t('logout.confirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          // a channel operator signs in again on their own page (/newLogin), staff on /login
          const signIn = user?.kind === 'channel' ? '/newLogin' : '/login';
          await logout();
          // The next user of this browser tab starts from the dashboard alone.
          useTabs.getState().reset();
          navigate(signIn, { replace: true });
        },
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button
        type="button"
        aria-label={t('layout.userMenu')}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          border: 0,
          background: 'transparent',
          cursor: 'pointer',
          padding: '0 4px',
          font: 'inherit',
          color: 'inherit',
        }}
      >
        <Avatar size="small" src={user?.avatarPath ? apiUrl(user.avatarPath) : undefined} icon={<UserOutlined aria-hidden />} />
        <span>{user?.nickName || user?.username}</span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
