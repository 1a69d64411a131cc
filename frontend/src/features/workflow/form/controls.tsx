import { useState } from 'react';
import { DatePicker, Input, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { placeholder } from '@/shared/lib/rules';
import { PICKER } from '@/shared/lib/time';
import { enterConfirmsOnly } from '@/shared/ui/form/keys';
import { DictSelect } from '@/shared/ui/dict';
import { DeptUserPicker } from '@/shared/ui/picker';
import { RichTextField } from '@/shared/ui/richtext';
import { DEFAULT_MAX_MB, Upload, type UploadedFile } from '@/shared/ui/upload';
import { t } from '../messages';
import { LeaveDateRange, type LeaveRange } from '../LeaveDateRange';
import { acceptTypes, precisionOf, textMax } from './logic';
import { DATE_FORMAT, DATETIME_FORMAT, type Field, type FieldValue } from './types';

export interface ControlProps {
  field: Field;
  value?: FieldValue;
  onChange?: (v: FieldValue | undefined) => void;
  /** read: shown, not changed. */
  readOnly?: boolean;
  /** The applicant's remaining annual leave, for a leaveRange field. */
  leaveBalance?: number | null;
}

const kindOf = (f: Field) => (f.type === 'text' || f.type === 'textarea' || f.type === 'number' || f.type === 'amount' ? 'text' : 'select');
const hint = (f: Field) => f.placeholder || placeholder(f.label, kindOf(f));
const day = (s: unknown, format: string): Dayjs | null => (typeof s === 'string' && s ? dayjs(s, format) : null);
const pair = (v: unknown): [string, string] | null =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' ? [v[0], v[1]] : null;

/**
 * One field's control. Every control takes and gives the wire value of docs/workflow.md
 * (dates as strings, attachments as IDs), so a form's values are its `data` as they are.
 */
export function FieldControl({ field: f, value, onChange, readOnly, leaveBalance }: ControlProps) {
  const label = f.label;
  switch (f.type) {
    case 'text':
      return <Input value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} maxLength={textMax(f)} placeholder={hint(f)} aria-label={label} />;
    case 'textarea':
      return (
        <Input.TextArea
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={textMax(f)}
          showCount
          rows={4}
          placeholder={hint(f)}
          aria-label={label}
        />
      );
    case 'number':
    case 'amount':
      return (
        <InputNumber<number>
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange?.(v ?? undefined)}
          precision={precisionOf(f)}
          min={f.min}
          max={f.max}
          prefix={f.type === 'amount' ? '¥' : undefined}
          placeholder={hint(f)}
          aria-label={label}
          style={{ width: 240 }}
        />
      );
    case 'select': {
      const common = {
        value: (value as string | string[] | undefined) ?? undefined,
        onChange: (v: string | string[] | undefined) => onChange?.(v ?? undefined),
        mode: f.multiple ? ('multiple' as const) : undefined,
        placeholder: hint(f),
        'aria-label': label,
        allowClear: true,
        style: { maxWidth: 360 },
      };
      return f.dict ? <DictSelect dict={f.dict} label={label} {...common} /> : <Select {...common} options={f.options ?? []} />;
    }
    case 'date':
      return (
        <DatePicker
          value={day(value, DATE_FORMAT)}
          format={PICKER.date}
          onChange={(d) => onChange?.(d ? d.format(DATE_FORMAT) : undefined)}
          placeholder={hint(f)}
          aria-label={label}
          onKeyDown={enterConfirmsOnly}
        />
      );
    case 'dateRange': {
      const p = pair(value);
      return (
        <DatePicker.RangePicker
          value={p ? [dayjs(p[0], DATE_FORMAT), dayjs(p[1], DATE_FORMAT)] : null}
          format={PICKER.date}
          onChange={(r) => onChange?.(r && r[0] && r[1] ? [r[0].format(DATE_FORMAT), r[1].format(DATE_FORMAT)] : undefined)}
          aria-label={label}
          onKeyDown={enterConfirmsOnly}
        />
      );
    }
    case 'leaveRange': {
      const p = pair(value);
      const range: LeaveRange = p ? [dayjs(p[0], DATETIME_FORMAT), dayjs(p[1], DATETIME_FORMAT)] : null;
      return (
        <LeaveDateRange
          value={range}
          remaining={leaveBalance}
          onChange={(r) => onChange?.(r ? [r[0].second(0).format(DATETIME_FORMAT), r[1].second(0).format(DATETIME_FORMAT)] : undefined)}
        />
      );
    }
    case 'dept':
    case 'user':
      return (
        <DeptUserPicker
          pick={f.type === 'dept' ? 'dept' : 'userId'}
          multiple={f.multiple}
          label={label}
          value={(value as number | number[] | undefined) ?? undefined}
          onChange={(v) => onChange?.((v as number | number[] | undefined) ?? undefined)}
        />
      );
    case 'upload':
      return <UploadControl field={f} value={value} onChange={onChange} />;
    case 'richtext':
      // the editor has no read-only mode; the server sanitises the HTML it stores
      return readOnly ? (
        <div className="wf-richtext-read" style={{ border: '1px solid #f0f0f0', padding: 8, minHeight: 40 }} dangerouslySetInnerHTML={{ __html: (value as string) ?? '' }} />
      ) : (
        <RichTextField value={(value as string) ?? ''} onChange={(html) => onChange?.(html)} height={200} />
      );
    case 'description':
      return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{f.content}</Typography.Paragraph>;
  }
}

/**
 * Attachments travel as IDs; the upload block shows files. The files uploaded here are kept by ID
 * so that their names show; an ID from elsewhere (a saved instance) shows as 附件 #ID.
 */
function UploadControl({ field: f, value, onChange }: ControlProps) {
  const [known, setKnown] = useState<Record<number, UploadedFile>>({});
  const ids = Array.isArray(value) ? (value as number[]).filter((x) => typeof x === 'number') : [];
  const files = ids.map(
    (id): UploadedFile =>
      known[id] ?? { id, originalName: `#${id}`, name: `#${id}`, fileUrl: `#${id}`, path: '', readUrl: '', downloadUrl: '', fileType: '' },
  );
  return (
    <Upload
      listType="text"
      label={f.label}
      limit={f.maxCount ?? 1}
      maxMB={f.maxSizeMB ?? DEFAULT_MAX_MB}
      types={acceptTypes(f.accept)}
      tip={t('wf.form.uploadTip', { n: f.maxCount ?? 1, mb: f.maxSizeMB ?? DEFAULT_MAX_MB }) + (f.accept ? `（${f.accept}）` : '')}
      value={files}
      onChange={(next) => {
        setKnown((k) => ({ ...k, ...Object.fromEntries(next.filter((x) => x.id !== undefined).map((x) => [x.id, x])) }));
        onChange?.(next.flatMap((x) => (x.id === undefined ? [] : [x.id])));
      }}
    />
  );
}
