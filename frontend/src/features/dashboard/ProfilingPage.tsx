import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Flex, Layout, Result, Typography, theme } from 'antd';
import { loginRedirect } from '@/shared/lib/paths';
import { Perm } from '@/shared/api/permissions';
import { useSession, usePermission } from '@/features/auth';
import { getOverview, getPublicOverview } from './api';
import { OverviewView } from './components/OverviewView';
import { PeriodPicker } from './components/PeriodPicker';
import { defaultPeriod } from './opening';
import { DEFAULT_PRESET, type Preset } from './period';
import { useT } from './messages';
import { useOverview } from './useOverview';

/** The wall display refreshes itself every minute. */
export const REFRESH_MS = 60_000;

/**
 * /profiling: the overview full screen for a wall display. Signed in, it is the user's own
 * overview; without a session it is the shop's public one when the BFF is in public mode
 * (BFF_PROFILING_PUBLIC), and otherwise the sign-in page, as for any page.
 */
export default function ProfilingPage() {
  const t = useT();
  const navigate = useNavigate();
  const { token: colors } = theme.useToken();
  const signedIn = Boolean(useSession((s) => s.token));
  const allowed = usePermission([Perm.DashboardView]);
  const [preset, setPreset] = useState<Preset>(DEFAULT_PRESET);
  const [period, setPeriod] = useState(() => defaultPeriod());
  const load = signedIn ? (allowed ? getOverview : null) : getPublicOverview;
  const { data, error, at } = useOverview(load, period, REFRESH_MS);

  useEffect(() => {
    if (!signedIn && error) navigate(loginRedirect('/profiling'), { replace: true });
  }, [signedIn, error, navigate]);

  return (
    <Layout style={{ minHeight: '100vh', padding: 24, background: colors.colorBgLayout }} aria-label={t('route.profiling')}>
      <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('route.profiling')}
        </Typography.Title>
        <Flex align="center" gap={16} wrap>
          <PeriodPicker
            preset={preset}
            period={period}
            onChange={(nextPreset, next) => {
              setPreset(nextPreset);
              setPeriod(next);
            }}
          />
          {at && <Typography.Text type="secondary">{t('dashboard.wall.updated', { time: at.toLocaleTimeString() })}</Typography.Text>}
        </Flex>
      </Flex>
      {signedIn && !allowed ? (
        <Result status="403" subTitle={t('dashboard.denied')} />
      ) : (
        <OverviewView data={data} period={period} links={false} chartHeight={360} />
      )}
    </Layout>
  );
}
