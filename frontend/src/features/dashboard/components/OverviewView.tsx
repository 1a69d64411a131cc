import { useMemo } from 'react';
import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useLanguage } from '@/shared/lib/i18n';
import { Chart } from '@/shared/ui/chart';
import type { Overview, Period } from '../api';
import { statusOption, topOption, trendOption } from '../charts';
import { useT } from '../messages';
import { ExtraCards } from './ExtraCards';
import { FigureCards } from './FigureCards';
import { PendingRow } from './PendingRow';

export interface OverviewViewProps {
  data?: Overview;
  period: Period;
  /** The pending numbers link to the lists (not on the wall display). */
  links: boolean;
  chartHeight?: number;
}

/**
 * The figures, the pending work and the charts of one answer. The cards and the pending row are
 * plain antd and paint with the answer; each chart loads echarts by itself afterwards.
 */
export function OverviewView({ data, period, links, chartHeight = 320 }: OverviewViewProps) {
  const t = useT();
  const lang = useLanguage((s) => s.language);
  const trend = useMemo(() => data && trendOption(data, lang), [data, lang]);
  const statuses = useMemo(() => data && statusOption(data, lang), [data, lang]);
  const top = useMemo(() => data && topOption(data, lang), [data, lang]);
  const noOrders = data?.statuses.every((s) => s.orders === 0);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <FigureCards data={data} />
      <ExtraCards data={data} />
      <PendingRow data={data} period={period} links={links} />
      <Card title={t('dashboard.trend')} size="small">
        {trend ? <Chart option={trend} height={chartHeight} label={t('dashboard.trend')} /> : <div style={{ height: chartHeight }} />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('dashboard.statuses')} size="small">
            {statuses && !noOrders ? (
              <Chart option={statuses} height={chartHeight} label={t('dashboard.statuses')} />
            ) : (
              <Empty style={{ height: chartHeight - 32 }} description={t('dashboard.empty')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            title={t('dashboard.top')}
            size="small"
            extra={data && !data.topExact && <Typography.Text type="secondary">{t('dashboard.top.approx')}</Typography.Text>}
          >
            {top && data && data.top.length > 0 ? (
              <Chart option={top} height={chartHeight} label={t('dashboard.top')} />
            ) : (
              <Empty style={{ height: chartHeight - 32 }} description={t('dashboard.empty')} />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
