/**
 * The form model of docs/workflow.md "Form schema", written by hand until the engine's Go types
 * generate it (shared/api/contract.ts); the integrator switches these to the generated ones.
 */

/** The 13 field types, in the order the designer's palette shows them. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'amount',
  'select',
  'date',
  'dateRange',
  'leaveRange',
  'dept',
  'user',
  'upload',
  'richtext',
  'description',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** What one node may do with one field (docs/workflow.md "Flow": missing keys are `read` for approvers). */
export type FieldPerm = 'read' | 'edit' | 'hidden';

export interface FieldOption {
  label: string;
  value: string;
}

/** One field of a form version's schema; which properties apply depends on `type`. */
export interface Field {
  key: string;
  type: FieldType;
  label: string;
  required?: boolean;
  placeholder?: string;
  default?: FieldValue;
  /** select: a dictionary name, or else `options`. */
  dict?: string;
  options?: FieldOption[];
  /** select, dept, user. */
  multiple?: boolean;
  /** number/amount: the value; text/textarea: the length. */
  min?: number;
  max?: number;
  /** number: 0–4 decimals (amount is always 2). */
  precision?: number;
  /** upload. */
  maxCount?: number;
  maxSizeMB?: number;
  accept?: string;
  /** description: the text shown. */
  content?: string;
}

export interface FormSchema {
  fields: Field[];
}

/**
 * A value in `data`: strings (text, dates as YYYY-MM-DD, HTML), numbers (number, amount, one dept or
 * user ID), a pair of date strings (dateRange, leaveRange), string[] (a multiple select), number[]
 * (depts, users, attachment IDs).
 */
export type FieldValue = string | number | string[] | number[] | [string, string] | null;

export type FormData = Record<string, FieldValue | undefined>;

/** Field types that hold a value (all but `description`). */
export const hasValue = (type: FieldType): boolean => type !== 'description';

/** Limits of docs/workflow.md. */
export const LIMITS = {
  fields: 50,
  label: 30,
  placeholder: 50,
  content: 2000,
  text: 200,
  textarea: 2000,
  options: 200,
  precision: 4,
  amountPrecision: 2,
  maxCount: 20,
  maxSizeMB: 50,
  levels: 5,
} as const;

/** docs/workflow.md: `^[a-zA-Z][a-zA-Z0-9_]{0,31}$`. */
export const KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,31}$/;

/** The `data` key of the approvers the initiator picks for a `self` node. */
export const approversKey = (nodeId: string): string => `__approvers_${nodeId}`;

/** Wire formats (docs/workflow.md "Field types and their values"). */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
