import type { ReactNode } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useT } from '@/shared/lib/i18n';

/** A page that a later issue fills in: its title and a short note (loaded lazily, like every page). */
export default function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children ?? <Empty description={t('common.later')} />}
    </Card>
  );
}
