import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { Overview } from '../api';
import { useT } from '../messages';

/**
 * The cards an existing backend adds to the overview (docs/upstream.md "Aggregation"), or the
 * note that its part is unavailable right now; nothing when no backend adds any.
 */
export function ExtraCards({ data }: { data?: Overview }) {
  const t = useT();
  const cards = data?.extra ?? [];
  const missing = (data?.unavailable ?? []).length > 0;
  if (cards.length === 0 && !missing) return null;
  return (
    <Card title={t('dashboard.extra')} size="small">
      {missing ? (
        <Typography.Text type="warning" role="status">
          {t('dashboard.extra.unavailable')}
        </Typography.Text>
      ) : (
        <Row gutter={[16, 16]}>
          {cards.map((c, i) => (
            <Col key={`${i}-${c.title}`} xs={12} md={6}>
              <Statistic title={c.title} value={c.value} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
