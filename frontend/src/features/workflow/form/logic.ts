import type { Rule } from 'antd/es/form';
import { t } from '../messages';
import { hasValue, LIMITS, type Field, type FieldPerm, type FieldValue, type FormData } from './types';

/** Empty as the server sees it: nothing, blank text, an empty list. */
export function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** What a new form starts with: each value field's `default`, when it has one. */
export function defaultsOf(fields: Field[]): FormData {
  const out: FormData = {};
  for (const f of fields) if (hasValue(f.type) && !isEmpty(f.default)) out[f.key] = f.default;
  return out;
}

const APPROVERS = /^__approvers_/;

/**
 * The `data` of a filled-in form, as POST /api/workflow/instances takes it: only the schema's
 * value fields the caller may see (plus the initiator's `__approvers_<nodeId>` picks), text
 * trimmed, empty values left out (the server's required check then names the field). The
 * controls already hold wire values (FormRenderer's fields convert), so nothing else changes.
 */
export function cleanData(fields: Field[], values: Record<string, unknown>, perms?: Record<string, FieldPerm>): FormData {
  const out: FormData = {};
  for (const f of fields) {
    if (!hasValue(f.type) || perms?.[f.key] === 'hidden') continue;
    let v = values[f.key];
    if (typeof v === 'string' && f.type !== 'richtext') v = v.trim();
    if (f.type === 'richtext' && typeof v === 'string' && isBlankHtml(v)) continue;
    if (!isEmpty(v)) out[f.key] = v as FieldValue;
  }
  for (const [k, v] of Object.entries(values)) if (APPROVERS.test(k) && !isEmpty(v)) out[k] = v as FieldValue;
  return out;
}

/** Tiptap's empty document is `<p></p>`: no text and no picture is no answer. */
export function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** The length limit of a text field: its `max`, else the type's default (200 / 2000). */
export function textMax(f: Field): number {
  return f.max ?? (f.type === 'textarea' ? LIMITS.textarea : LIMITS.text);
}

/** Decimals a number control allows: `precision` for number (default 0), 2 for amount. */
export function precisionOf(f: Field): number | undefined {
  if (f.type === 'amount') return LIMITS.amountPrecision;
  if (f.type === 'number') return f.precision ?? 0;
  return undefined;
}

/** The validation rules of a field from its schema: required, length or value bounds. */
export function fieldRules(f: Field): Rule[] {
  const rules: Rule[] = [];
  if (!hasValue(f.type)) return rules;
  if (f.required) {
    rules.push({
      validator: (_, v: unknown) =>
        isEmpty(v) || (f.type === 'richtext' && typeof v === 'string' && isBlankHtml(v))
          ? Promise.reject(new Error(t('v.required')))
          : Promise.resolve(),
    });
  }
  if (f.type === 'text' || f.type === 'textarea') {
    const min = f.min ?? 0;
    const max = textMax(f);
    rules.push({
      validator: (_, v: unknown) => {
        const n = typeof v === 'string' ? v.trim().length : 0;
        if (n === 0 || (n >= min && n <= max)) return Promise.resolve();
        return Promise.reject(new Error(t('wf.form.length', { min, max })));
      },
    });
  }
  if (f.type === 'number' || f.type === 'amount') {
    rules.push({
      validator: (_, v: unknown) => {
        if (typeof v !== 'number') return Promise.resolve();
        if (f.min !== undefined && v < f.min) return Promise.reject(new Error(t('wf.form.min', { n: f.min })));
        if (f.max !== undefined && v > f.max) return Promise.reject(new Error(t('wf.form.max', { n: f.max })));
        const p = precisionOf(f) ?? 0;
        const scaled = v * 10 ** p; // 1.1 * 100 is 110.00000000000001: compare with a tolerance
        if (Math.abs(Math.round(scaled) - scaled) > 1e-6) return Promise.reject(new Error(t('wf.form.precision', { n: p })));
        return Promise.resolve();
      },
    });
  }
  return rules;
}

/** Per-field permission: `perms` says, else `edit` (the initiator's default); `disabled` makes all `read`. */
export function permOf(key: string, perms?: Record<string, FieldPerm>, disabled?: boolean): FieldPerm {
  const p = perms?.[key] ?? 'edit';
  return disabled && p === 'edit' ? 'read' : p;
}

const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg'];

/**
 * An upload field's `accept` (`image/*,.pdf`, `application/pdf`) as the extensions the shared
 * upload block checks; undefined (its defaults) when the field names none.
 */
export function acceptTypes(accept?: string): string[] | undefined {
  const out = new Set<string>();
  for (const raw of (accept ?? '').split(',')) {
    const a = raw.trim().toLowerCase();
    if (!a) continue;
    if (a.startsWith('.')) out.add(a.slice(1));
    else if (a === 'image/*') IMAGE_TYPES.forEach((x) => out.add(x));
    else if (a.includes('/') && !a.endsWith('/*')) out.add(a.slice(a.indexOf('/') + 1));
  }
  return out.size ? [...out] : undefined;
}
