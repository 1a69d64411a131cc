import { Avatar, Card, Descriptions, Empty, Space, Statistic, Table, Tag } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { formatYuan } from '@/shared/lib/money';
import { apiUrl } from '@/shared/lib/runtime';
import { AgencyContracts } from './AgencyContracts';
import { getAgency, type AgencyDetail } from './api';
import { Pending, useTabTitle } from './Pending';
import { useT } from './messages';
import { useRecord } from './useRecord';

const CERT_COLOR: Record<string, string> = { none: 'default', pending: 'processing', approved: 'green', rejected: 'red' };
type Operator = AgencyDetail['operators'][number];

/**
 * One agency: its profile and certification state, its order figures, its operators and its
 * contracts.
 */
export function AgencyLook({ id, fullPath }: { id: number; fullPath: string }) {
  const t = useT();
  const { state, retry } = useRecord(getAgency, id);
  useTabTitle(fullPath, state.phase === 'done' ? state.record.name : undefined);
  if (state.phase !== 'done') return <Pending state={state} retry={retry} />;
  const a = state.record;
  const cert = t(`agency.cert.${a.certStatus}`);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Avatar shape="square" size={32} src={a.logo ? apiUrl(a.logo) : undefined} icon={<ShopOutlined />} alt={a.name} />
            <span>{a.name}</span>
            <Tag color={a.enabled ? 'green' : 'default'}>{a.enabled ? t('agency.on') : t('agency.off')}</Tag>
            <Tag color={CERT_COLOR[a.certStatus]}>{cert}</Tag>
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} aria-label={t('look.basic')}>
          <Descriptions.Item label={t('agency.code')}>{a.code}</Descriptions.Item>
          <Descriptions.Item label={t('agency.contact')}>{a.contact}</Descriptions.Item>
          <Descriptions.Item label={t('agency.phone')}>{a.phone}</Descriptions.Item>
          <Descriptions.Item label={t('agency.region')}>{a.region || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('agency.address')}>{a.address || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('agency.cert')}>{cert}</Descriptions.Item>
          <Descriptions.Item label={t('agency.createTime')}>{a.createTime}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small">
        <Space size={48}>
          <Statistic title={t('agency.orders')} value={a.orderCount} />
          <Statistic title={t('agency.sales')} value={formatYuan(a.sales)} />
        </Space>
      </Card>
      <Card title={t('agency.operators')} size="small">
        <Table<Operator>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={a.operators}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agency.noOperators')} /> }}
          columns={[
            { title: t('agency.op.username'), dataIndex: 'username' },
            { title: t('agency.op.nickName'), dataIndex: 'nickName' },
            { title: t('agency.op.phone'), dataIndex: 'phone' },
            { title: t('agency.status'), dataIndex: 'enabled', render: (on: boolean) => (on ? t('agency.on') : t('agency.off')) },
          ]}
        />
      </Card>
      <AgencyContracts agencyId={a.id} />
    </Space>
  );
}
