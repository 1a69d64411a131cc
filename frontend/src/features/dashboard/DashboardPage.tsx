import { useState } from 'react';
import { Result, Space } from 'antd';
import { Perm } from '@/shared/api/permissions';
import { usePermission } from '@/features/auth';
import { loadOverview } from './early';
import { OverviewView } from './components/OverviewView';
import { PeriodPicker } from './components/PeriodPicker';
import { defaultPeriod } from './opening';
import { DEFAULT_PRESET, type Preset } from './period';
import { useT } from './messages';
import { useOverview } from './useOverview';

/**
 * 数据概览 (DECISIONS §4): the figures of a period against the one before, the pending work,
 * and the charts, for the shop (staff) or the operator's agency (docs/decisions.md "Dashboard").
 */
export default function DashboardPage() {
  const t = useT();
  const allowed = usePermission([Perm.DashboardView]);
  const [preset, setPreset] = useState<Preset>(DEFAULT_PRESET);
  const [period, setPeriod] = useState(() => defaultPeriod());
  const { data } = useOverview(allowed ? loadOverview : null, period);
  if (!allowed) return <Result status="403" subTitle={t('dashboard.denied')} />;
  return (
    <section aria-label={t('route.dashboard')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <PeriodPicker
          preset={preset}
          period={period}
          onChange={(nextPreset, next) => {
            setPreset(nextPreset);
            setPeriod(next);
          }}
        />
        <OverviewView data={data} period={period} links />
      </Space>
    </section>
  );
}
