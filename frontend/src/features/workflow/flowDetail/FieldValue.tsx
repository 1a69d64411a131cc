import type { ReactNode } from 'react';
import { Space } from 'antd';
import { useDicts } from '@/shared/ui/dict';
import { apiUrl } from '@/shared/lib/runtime';
import type { FormField } from '../types.flow';

/**
 * A value as data carries it. Users, departments and attachments are IDs in a submitted form
 * (docs/workflow.md); the instance's answer may give them with their names ({id, name}) or, for
 * files, with their links — both are shown, a bare ID as #ID.
 */
type Named = { id: number; name?: string; originalName?: string; downloadUrl?: string; readUrl?: string };

const EMPTY = '-';

const list = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

function refName(v: unknown): string {
  if (v && typeof v === 'object') {
    const r = v as Named;
    return r.name ?? r.originalName ?? `#${r.id}`;
  }
  return `#${String(v)}`;
}

/** ¥ with two decimals; amounts come as numbers (docs/workflow.md) or yuan text. */
export function yuan(v: unknown): string {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? `¥${n.toFixed(2)}` : EMPTY;
}

function Labels({ field, value }: { field: FormField; value: unknown }) {
  const options = field.options ?? [];
  const text = list(value)
    .map((v) => options.find((o) => o.value === v)?.label ?? String(v))
    .join('、');
  return <>{text || EMPTY}</>;
}

function DictLabels({ field, value }: { field: FormField & { dict: string }; value: unknown }) {
  const dicts = useDicts(field.dict);
  return <Labels field={{ ...field, options: dicts[field.dict] ?? [] }} value={value} />;
}

function Files({ value }: { value: unknown }) {
  const files = list(value);
  if (!files.length) return <>{EMPTY}</>;
  return (
    <Space direction="vertical" size={0}>
      {files.map((f, i) => {
        const file = f && typeof f === 'object' ? (f as Named) : undefined;
        const href = file?.downloadUrl ?? file?.readUrl;
        return href ? (
          <a key={i} href={apiUrl(href)} target="_blank" rel="noreferrer">
            {refName(f)}
          </a>
        ) : (
          <span key={i}>{refName(f)}</span>
        );
      })}
    </Space>
  );
}

/** One field's value, read-only, as its type shows it (/flowDetail's form). */
export function FieldValue({ field, value }: { field: FormField; value: unknown }): ReactNode {
  switch (field.type) {
    case 'description':
      return <span style={{ color: '#666' }}>{field.content ?? ''}</span>;
    case 'amount':
      return yuan(value);
    case 'number':
      return typeof value === 'number' ? String(value) : EMPTY;
    case 'select':
      return field.dict ? <DictLabels field={{ ...field, dict: field.dict }} value={value} /> : <Labels field={field} value={value} />;
    case 'dateRange':
    case 'leaveRange': {
      const [from, to] = list(value).map(String);
      return from ? `${from} ~ ${to ?? ''}` : EMPTY;
    }
    case 'user':
    case 'dept':
      return list(value).map(refName).join('、') || EMPTY;
    case 'upload':
      return <Files value={value} />;
    case 'richtext':
      // the server sanitised the HTML when the form was submitted (docs/workflow.md), as it does goods descriptions
      return typeof value === 'string' && value ? <div className="wf-richtext" dangerouslySetInnerHTML={{ __html: value }} /> : EMPTY;
    case 'textarea':
      return typeof value === 'string' && value ? <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span> : EMPTY;
    default:
      return typeof value === 'string' && value ? value : value === undefined || value === null || value === '' ? EMPTY : String(value);
  }
}
