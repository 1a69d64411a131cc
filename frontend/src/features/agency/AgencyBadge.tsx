import { useEffect } from 'react';
import { Avatar, Space, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useSession } from '@/features/auth';
import { apiUrl } from '@/shared/lib/runtime';
import { useMyAgency } from './myAgency';

/**
 * The header's agency for a channel session: its logo and name, read once per sign-in and
 * again whenever 我的渠道 changes them. Staff see nothing.
 */
export function AgencyBadge() {
  const kind = useSession((s) => s.user?.kind);
  const userId = useSession((s) => s.user?.id);
  const agency = useMyAgency((s) => s.agency);
  const load = useMyAgency((s) => s.load);
  const clear = useMyAgency((s) => s.clear);
  useEffect(() => {
    if (kind === 'channel') void load();
    else clear();
  }, [kind, userId, load, clear]);
  if (kind !== 'channel' || !agency) return null;
  return (
    <Space size={8} data-testid="agency-badge" style={{ padding: '0 8px' }}>
      <Avatar shape="square" size={28} src={agency.logo ? apiUrl(agency.logo) : undefined} icon={<ShopOutlined />} alt={agency.name} />
      <Typography.Text strong style={{ maxWidth: 200 }} ellipsis>
        {agency.name}
      </Typography.Text>
    </Space>
  );
}
