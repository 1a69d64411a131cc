import { useEffect } from 'react';
import { Avatar, Typography } from 'antd';
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
    // one flex line centred on the header's height (the header's line height would push the text down)
    <span data-testid="agency-badge" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, padding: '0 8px', lineHeight: 1 }}>
      <Avatar shape="square" size={28} src={agency.logo ? apiUrl(agency.logo) : undefined} icon={<ShopOutlined />} alt={agency.name} />
      <Typography.Text strong style={{ maxWidth: 200, lineHeight: 1 }} ellipsis>
        {agency.name}
      </Typography.Text>
    </span>
  );
}
