import type { KeyboardEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

type RangePickerProps = React.ComponentProps<typeof DatePicker.RangePicker>;

const DAY_TEXT = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/;

/**
 * The full text a date typed without a time stands for in a picker that shows `format`: the
 * first second of the day for a start (input 0), its last for an end (input 1); undefined when
 * the text is not a date alone or not a real day.
 */
export function fullText(text: string, format: string, end: boolean): string | undefined {
  const m = DAY_TEXT.exec(text);
  if (!m) return undefined;
  const day = dayjs(`${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`, 'YYYY-MM-DD', true);
  if (!day.isValid()) return undefined;
  return (end ? day.endOf('day') : day.startOf('day')).format(format);
}

/** Sets an input's text as typing would, so that React (and the picker) see the change. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export type DateTimeRangeProps = Omit<RangePickerProps, 'format' | 'showTime'> & {
  /** The display format (default yyyy-MM-dd HH:mm:ss). */
  format?: string;
  showTime?: RangePickerProps['showTime'];
};

/**
 * A date-time range picker that takes a date typed without a time (docs/decisions.md "Dates
 * typed without a time"): Enter on "2026-12-01" completes the text to 00:00 (start) or 23:59:59
 * (end) and confirms that. antd's picker reads a typed text in its format only; a second,
 * date-only format (format={[full, date]}) would be parsed on every key and complete the text
 * the moment the date is typed, so a time typed after it ("2026-12-01 09:30") would land behind
 * 00:00. Completing on Enter leaves typing a full date-time as it was.
 */
export function DateTimeRange({ format = 'YYYY-MM-DD HH:mm:ss', showTime = true, onKeyDown, ...rest }: DateTimeRangeProps) {
  const onKeyDownCapture = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    const input = e.target;
    const end = Array.from(e.currentTarget.querySelectorAll('input')).indexOf(input) === 1;
    const full = fullText(input.value, format, end);
    if (!full) return;
    // this Enter would find the date alone (the picker reads its text when it renders again):
    // it stops here; the completed text gets an Enter of its own once drawn
    e.preventDefault();
    e.stopPropagation();
    typeInto(input, full);
    setTimeout(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
  };
  return (
    // display: contents keeps the picker's own layout (a full-width search field stays full width)
    <span style={{ display: 'contents' }} onKeyDownCapture={onKeyDownCapture}>
      <DatePicker.RangePicker {...rest} showTime={showTime} format={format} onKeyDown={onKeyDown} />
    </span>
  );
}
