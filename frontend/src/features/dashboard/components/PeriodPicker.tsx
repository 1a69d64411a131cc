import { useState } from 'react';
import { DatePicker, Segmented, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Period } from '../api';
import { presetPeriod, rangePeriod, type Preset } from '../period';
import { useT } from '../messages';

export interface PeriodPickerProps {
  preset: Preset;
  period: Period;
  onChange: (preset: Preset, period: Period) => void;
}

/** 今天 / 近7天 / 近30天 / 自定义: the custom range is at most 366 days. */
export function PeriodPicker({ preset, period, onChange }: PeriodPickerProps) {
  const t = useT();
  const [tooLong, setTooLong] = useState(false);
  const choose = (next: Preset) => {
    setTooLong(false);
    if (next === 'custom') onChange('custom', period);
    else onChange(next, presetPeriod(next));
  };
  const pick = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return;
    const p = rangePeriod(range[0], range[1]);
    setTooLong(!p);
    if (p) onChange('custom', p);
  };
  return (
    <Space wrap>
      <Segmented<Preset>
        value={preset}
        onChange={choose}
        options={[
          { label: t('dashboard.period.today'), value: 'today' },
          { label: t('dashboard.period.7'), value: '7' },
          { label: t('dashboard.period.30'), value: '30' },
          { label: t('dashboard.period.custom'), value: 'custom' },
        ]}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          aria-label={t('dashboard.period.custom')}
          value={[dayjs(period.start), dayjs(period.end)]}
          allowClear={false}
          onChange={pick}
          status={tooLong ? 'error' : undefined}
        />
      )}
      {tooLong && <Typography.Text type="danger">{t('dashboard.period.tooLong')}</Typography.Text>}
    </Space>
  );
}
