import { DatePicker, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DateTimeRange } from '@/shared/ui/form/DateTimeRange';
import { useT } from './messages';
import { leaveDays, remainingText } from './leaveDays';

export type LeaveRange = [Dayjs, Dayjs] | null;

export interface LeaveDateRangeProps {
  value?: LeaveRange;
  onChange?: (range: LeaveRange, days: number) => void;
  /** Remaining annual-leave days when known; X is shown until then. */
  remaining?: number | null;
  showTime?: boolean;
}

/** Start and end of a leave, with its length in days and the remaining annual leave. */
export function LeaveDateRange({ value, onChange, remaining, showTime = true }: LeaveDateRangeProps) {
  const t = useT();
  const change = (v: [Dayjs | null, Dayjs | null] | null) => {
    const range = v && v[0] && v[1] ? ([v[0], v[1]] as [Dayjs, Dayjs]) : null;
    onChange?.(range, range ? leaveDays(range[0].valueOf(), range[1].valueOf()) : 0);
  };
  const days = value ? leaveDays(value[0].valueOf(), value[1].valueOf()) : 0;
  return (
    <Space direction="vertical" size={4}>
      {/* Enter applies the typed date (the picker has already read it by the time the key bubbles
          here); it must not also submit the form the picker sits in (issue 16). */}
      <span
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
      >
      {showTime ? (
        // a date typed without a time is taken too: from 00:00, to 23:59
        <DateTimeRange value={value ?? null} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" onChange={change} />
      ) : (
        <DatePicker.RangePicker value={value ?? null} format="YYYY-MM-DD" onChange={change} />
      )}
      </span>
      <Typography.Text type="secondary">
        {t('leave.days', { n: days })}，{t('leave.remaining', { n: remainingText(remaining) })}
      </Typography.Text>
    </Space>
  );
}
