import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { useSession } from '@/features/auth';
import type { Overview, Period } from '../api';
import { useT } from '../messages';

/**
 * 待发货, 已退款, 库存预警, 合同即将到期 (and 待处理售后 when the overview has it); each number opens the list filtered by the URL query the goods and order
 * pages read (docs/decisions.md "Dashboard"). A wall display shows the numbers without links.
 */
export function PendingRow({ data, period, links }: { data?: Overview; period: Period; links: boolean }) {
  const t = useT();
  const p = data?.pending;
  // an operator's contracts are under 我的渠道, staff's under 渠道 (the seeded menus)
  const channel = useSession((s) => s.user?.kind === 'channel');
  const items: Array<{ key: string; title: string; value?: number; to: string; hint?: string }> = [
    { key: 'toShip', title: t('dashboard.toShip'), value: p?.toShip, to: '/mall/order?status=paid' },
    {
      key: 'refunded',
      title: t('dashboard.refunded'),
      value: p?.refunded,
      to: `/mall/order?${new URLSearchParams({ status: 'refunded', startTime: period.start, endTime: period.end })}`,
      hint: t('dashboard.refunded.hint'),
    },
    {
      key: 'lowStock',
      title: t('dashboard.lowStock'),
      value: p?.lowStock,
      to: '/mall/goods?status=on_sale&lowStock=1',
      hint: t('dashboard.lowStock.hint'),
    },
    {
      key: 'expiringContracts',
      title: t('dashboard.expiringContracts'),
      value: p?.expiringContracts,
      to: `${channel ? '/mine/contract' : '/channel/contract'}?expiring=1`,
      hint: t('dashboard.expiringContracts.hint'),
    },
  ];
  // 待处理售后 (issue 29): shown once the overview carries it (a BFF without after-sales leaves it out)
  const aftersales = (p as { pendingAftersales?: number } | undefined)?.pendingAftersales;
  if (aftersales !== undefined) {
    items.push({
      key: 'pendingAftersales',
      title: t('dashboard.pendingAftersales'),
      value: aftersales,
      to: '/mall/aftersale?status=applied',
      hint: t('dashboard.pendingAftersales.hint'),
    });
  }
  const span = items.length > 4 ? { xs: 12, sm: 8, lg: 4 } : { xs: 12, sm: 6 };
  return (
    <Card title={t('dashboard.pending')} size="small">
      <Row gutter={16}>
        {items.map((item) => {
          const value: ReactNode = item.value ?? '-';
          return (
            <Col key={item.key} {...span}>
              <Tooltip title={item.hint}>
                <Statistic
                  title={item.title}
                  valueRender={() =>
                    links && item.value !== undefined ? (
                      <Link to={item.to} aria-label={item.title} data-pending={item.key}>
                        {value}
                      </Link>
                    ) : (
                      <span data-pending={item.key}>{value}</span>
                    )
                  }
                />
              </Tooltip>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
