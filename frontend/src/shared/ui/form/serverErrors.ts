import type { FormInstance } from 'antd';
import { AxiosError } from 'axios';
import { failureOf, fieldText } from '@/shared/api';
import { useLanguage, translate, type MessageKey } from '@/shared/lib/i18n';
import { apiMessages } from '@/shared/api/messages';

/** Server field name → form field name, where they differ (`dept` → `deptId`). */
export type FieldAlias = Record<string, string>;

/**
 * Puts the field errors of a failed request under the form's inputs (antd setFields): the
 * server's Chinese reason, or the English text of its code. Returns how many it placed; the
 * request client's notice tells only the others.
 */
export function placeFieldErrors(form: Pick<FormInstance, 'setFields' | 'getFieldsError'>, error: unknown, alias: FieldAlias = {}): number {
  const failure = failureOf(error);
  if (!failure || failure.errors.length === 0) return 0;
  const language = useLanguage.getState().language;
  const tr = {
    english: language === 'en-US',
    code: (key: string) => (key in apiMessages ? translate(language, key as MessageKey) : undefined),
  };
  const known = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const fields: Array<{ name: string; errors: string[] }> = [];
  for (const f of failure.errors) {
    const name = alias[f.field] ?? f.field;
    if (!known.has(name)) continue;
    fields.push({ name, errors: [fieldText(f, tr)] });
    failure.placed.add(f.field);
  }
  if (fields.length > 0) form.setFields(fields);
  return fields.length;
}

/**
 * Runs a form's submit. A failed request (already told to the user by the request client) ends
 * as `false` — the dialog stays open with the fields marked — never as an uncaught rejection.
 */
export async function submitForm<T>(
  form: Pick<FormInstance, 'setFields' | 'getFieldsError'>,
  run: () => Promise<T>,
  alias?: FieldAlias,
): Promise<T | false> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AxiosError)) throw error;
    placeFieldErrors(form, error, alias);
    return false;
  }
}
