import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import { groupYuan } from '@/shared/lib/money';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DollarOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { Overview } from '../api';
import { useT } from '../messages';

type FigureKey = keyof Overview['figures'];

const CARDS: Array<{ key: FigureKey; title: 'dashboard.orders' | 'dashboard.sales' | 'dashboard.customers' | 'dashboard.goods'; icon: ReactNode }> = [
  { key: 'orders', title: 'dashboard.orders', icon: <ShoppingCartOutlined /> },
  { key: 'sales', title: 'dashboard.sales', icon: <DollarOutlined /> },
  { key: 'customers', title: 'dashboard.customers', icon: <UserAddOutlined /> },
  { key: 'goods', title: 'dashboard.goods', icon: <ShopOutlined /> },
];

/** The change against the previous period: an arrow up (red) or down (green), as shop dashboards show it. */
function Change({ rate, previous }: { rate: number | null; previous: string }) {
  const t = useT();
  const { token } = theme.useToken();
  if (rate === null) return <Typography.Text type="secondary">{t('dashboard.noPrevious')}</Typography.Text>;
  const up = rate > 0;
  const color = rate === 0 ? token.colorTextSecondary : up ? token.colorError : token.colorSuccess;
  return (
    <Typography.Text type="secondary">
      {t('dashboard.vsPrevious')}{' '}
      <span style={{ color }} data-change={up ? 'up' : rate < 0 ? 'down' : 'flat'}>
        {up ? <ArrowUpOutlined /> : rate < 0 ? <ArrowDownOutlined /> : null} {Math.abs(rate)}%
      </span>{' '}
      · {t('dashboard.previous', { value: previous })}
    </Typography.Text>
  );
}

/** 订单数 销售额 新增客户 在售商品, each with its change; the titles at once, the numbers with the answer. */
export function FigureCards({ data }: { data?: Overview }) {
  const t = useT();
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => {
        const f = data?.figures[card.key];
        const money = card.key === 'sales';
        return (
          <Col key={card.key} xs={24} sm={12} xl={6}>
            <Card style={{ height: '100%' }}>
              <Statistic
                title={
                  <span>
                    {card.icon} {t(card.title)}
                  </span>
                }
                loading={!f}
                value={f?.value ?? '-'}
                prefix={money ? '¥' : undefined}
              />
              {f && <Change rate={f.rate ?? null} previous={money ? `¥${groupYuan(String(f.previous))}` : String(f.previous)} />}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
