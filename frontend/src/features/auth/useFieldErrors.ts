import { useCallback, useState } from 'react';

/** A rule returns the message when the value is wrong, or undefined. */
export type Rule = (value: string) => string | undefined;

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : undefined;

/**
 * Field values, rules and error messages for the sign-in forms. antd's Form (with rc-field-form
 * and Tooltip) would not fit /login's first-load budget; two text fields do not need it.
 * A field is checked on blur, on every change once it showed an error, and all of them on submit.
 */
export function useFieldErrors<K extends string>(initial: Record<K, string>, rules: Partial<Record<K, Rule>>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const check = useCallback((name: K, value: string) => rules[name]?.(value), [rules]);

  const setError = (name: K, message: string | undefined) =>
    setErrors((prev) => (prev[name] === message ? prev : { ...prev, [name]: message }));

  const onChange = (name: K, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    if (errors[name] !== undefined) setError(name, check(name, value));
  };

  const onBlur = (name: K) => setError(name, check(name, values[name]));

  /** Checks every field with a rule; true when all pass. `only` limits the check to some fields. */
  const validateAll = (only?: readonly K[]): boolean => {
    const next: Partial<Record<K, string>> = {};
    let ok = true;
    for (const name of Object.keys(rules) as K[]) {
      if (only && !only.includes(name)) continue;
      const message = check(name, values[name]);
      if (message) ok = false;
      next[name] = message;
    }
    setErrors(next);
    return ok;
  };

  const set = (name: K, value: string) => setValues((prev) => ({ ...prev, [name]: value }));

  return { values, errors, onChange, onBlur, validateAll, set };
}
