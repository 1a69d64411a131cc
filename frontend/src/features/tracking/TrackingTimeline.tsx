import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { getTracking, type Tracking } from './api';
import { ageOf } from './logic';
import { useT } from './messages';

const STATE_COLOR: Record<string, string> = { '3': 'green', '2': 'orange', '4': 'red', '6': 'red', '14': 'red', '5': 'blue' };

/**
 * 物流跟踪 of a shipped order: the parcel's events newest first, how old they are, and 刷新 (the BFF
 * asks the provider at most once a minute per parcel). Tracking off: says so and nothing else.
 */
export function TrackingTimeline({ orderId, trackingNo }: { orderId: number; trackingNo: string }) {
  const t = useT();
  const [answer, setAnswer] = useState<Tracking | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [refresh, setRefresh] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    // a corrected tracking number is another parcel: asked again with the order
    getTracking(orderId, refresh > 0).then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [orderId, trackingNo, refresh]);

  if (answer === null) {
    return loading ? <Spin size="small" /> : failed ? <Typography.Text type="secondary">{t('tracking.failed')}</Typography.Text> : null;
  }
  if (!answer.enabled) {
    return (
      <Typography.Text type="secondary" aria-label={t('tracking.title')}>
        {t('tracking.off')}
      </Typography.Text>
    );
  }
  const age = ageOf(answer.ageSeconds);
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} aria-label={t('tracking.title')}>
      <Space wrap>
        {answer.stateLabel ? <Tag color={STATE_COLOR[answer.state] ?? 'cyan'}>{answer.stateLabel}</Tag> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {answer.fetchedAt ? t('tracking.fetched', { time: answer.fetchedAt, age: t(age.key, { n: age.n }) }) : t('tracking.never')}
        </Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={() => setRefresh((n) => n + 1)}>
          {t('tracking.refresh')}
        </Button>
      </Space>
      {answer.error ? <Alert type="warning" showIcon message={answer.error} /> : null}
      {answer.events.length > 0 ? (
        <Timeline
          style={{ marginTop: 8 }}
          items={answer.events.map((e, i) => ({
            color: i === 0 ? 'green' : 'gray',
            children: (
              <div>
                <div>{e.text}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {e.time}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tracking.empty')} />
      )}
    </Space>
  );
}
