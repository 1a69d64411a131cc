import type { Rule } from 'antd/es/form';
import { t } from './i18n';
import { isEmail, isIdCard, isIp, isIpList, isMobile } from './validate';

/** Inputs typed into (validated on blur) versus picked (validated on change). */
export type FieldKind = 'text' | 'textarea' | 'number' | 'password' | 'select' | 'date' | 'dateRange' | 'time' | 'upload' | 'other';

const TYPED: FieldKind[] = ['text', 'textarea', 'number', 'password'];

export function isTyped(kind: FieldKind): boolean {
  return TYPED.includes(kind);
}

/** 请输入{label} for typed inputs, 请选择{label} for the others. */
export function placeholder(label: string, kind: FieldKind = 'text'): string {
  return t(isTyped(kind) ? 'ph.input' : 'ph.select', { label });
}

export interface ItemRules {
  rules: Rule[];
  validateTrigger: 'onBlur' | 'onChange';
}

/**
 * The rules of a form item: its own when given, else required (该项为必填项，不能为空; items
 * without rules are required by default, docs/decisions.md "System management (issue 4)");
 * checked on blur for typed inputs, on change for the others. optional: true gives no default rule.
 */
export function itemRules(kind: FieldKind, rules?: Rule[], optional = false): ItemRules {
  return {
    rules: rules ?? (optional ? [] : [{ required: true, message: t('v.required') }]),
    validateTrigger: isTyped(kind) ? 'onBlur' : 'onChange',
  };
}

// An empty value passes: whether it may be empty is the required rule's business.
const check =
  (ok: (s: string) => boolean, message: () => string): Rule =>
  () => ({
    validator: (_: unknown, value: unknown) => {
      const s = value === undefined || value === null ? '' : String(value).trim();
      if (s === '' || ok(s)) return Promise.resolve();
      return Promise.reject(new Error(message()));
    },
  });

/** Email: required, then the pattern. */
export const emailRules = (): Rule[] => [
  { required: true, message: t('v.email.required') },
  check(isEmail, () => t('v.email')),
];

/** Mobile: required (unless optional), 11 digits starting 1 then 3-9. */
export const mobileRules = ({ optional = false } = {}): Rule[] => [
  ...(optional ? [] : [{ required: true, message: t('v.phone.required') }]),
  check(isMobile, () => t('v.phone')),
];

/** ID card: required, 15 or 18 digits (the 18-digit form with its check digit). */
export const idCardRules = (): Rule[] => [
  { required: true, message: t('v.idcard.required') },
  check(isIdCard, () => t('v.idcard')),
];

/** IP: optional; when given, four dotted numbers 0-255. */
export const ipRules = (): Rule[] => [check(isIp, () => t('v.ip'))];

/** IP allow-list (登录IP白名单): optional; IPv4/IPv6 addresses or CIDR ranges, comma or line separated. */
export const ipListRules = (): Rule[] => [check(isIpList, () => t('v.ipList'))];

/** Runs rules as antd would, for tests and non-form callers: the first failure's message, or ''. */
export async function firstError(rules: Rule[], value: unknown): Promise<string> {
  for (const r of rules) {
    const rule = typeof r === 'function' ? r({} as never) : r;
    if (rule.required && (value === undefined || value === null || String(value).trim() === '')) {
      return String(rule.message);
    }
    if (rule.validator) {
      try {
        await rule.validator(rule as never, value, () => undefined);
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    }
  }
  return '';
}
