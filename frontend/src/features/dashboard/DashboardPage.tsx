import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { DollarOutlined, ShopOutlined, ShoppingCartOutlined, UserAddOutlined } from '@ant-design/icons';
import { useT, type messages } from './messages';

interface Figure {
  key: keyof typeof messages;
  icon: ReactNode;
  precision?: number;
  prefix?: string;
}

const FIGURES: Figure[] = [
  { key: 'dashboard.orders', icon: <ShoppingCartOutlined /> },
  { key: 'dashboard.sales', icon: <DollarOutlined />, precision: 2, prefix: '¥' },
  { key: 'dashboard.customers', icon: <UserAddOutlined /> },
  { key: 'dashboard.goods', icon: <ShopOutlined /> },
];

/**
 * 数据概览: the shop's key figures (DECISIONS §4). The figures come from a later issue; until then
 * each card shows "-" (the console's empty-cell mark).
 */
export default function DashboardPage() {
  const t = useT();
  return (
    <section aria-label={t('route.dashboard')}>
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => (
          <Col key={figure.key} xs={24} sm={12} lg={6}>
            <Card>
              <Statistic
                title={
                  <span>
                    {figure.icon} {t(figure.key)}
                  </span>
                }
                value="-"
                prefix={figure.prefix}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('dashboard.pending')}
      </Typography.Paragraph>
    </section>
  );
}
