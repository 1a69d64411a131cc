import { Space, Tag } from 'antd';
import type { ContractRow, ContractStatus } from '../api';
import { useT } from '../messages';

const COLOR: Record<ContractStatus, string> = {
  draft: 'default',
  pending_sign: 'gold',
  signed: 'green',
  expired: 'red',
  terminated: 'default',
};

/** The status (the effective one: a signed contract past its end reads 已过期) and 即将到期. */
export function StatusTag({ row }: { row: Pick<ContractRow, 'status' | 'expiring'> }) {
  const t = useT();
  const s = row.status as ContractStatus;
  return (
    <Space size={4} wrap>
      <Tag color={COLOR[s] ?? 'default'}>{s in COLOR ? t(`contract.status.${s}`) : s}</Tag>
      {row.expiring ? (
        <Tag color="orange" data-expiring>
          {t('contract.expiring')}
        </Tag>
      ) : null}
    </Space>
  );
}
