import type { CSSProperties, ReactNode } from 'react';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { FieldRow } from './FieldRow';

export interface SignInInputProps {
  /** Prefix of the error element's id, unique on the page. */
  id: string;
  label: string;
  icon: ReactNode;
  autoComplete: string;
  value: string;
  error?: string;
  secret?: boolean;
  style?: CSSProperties;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A sign-in input named by its label, marked invalid and described by its error when it has one. */
export function SignInInput({ id, label, icon, autoComplete, value, error, secret, style, onChange, onBlur }: SignInInputProps) {
  const Control = secret ? Password : Input;
  return (
    <Control
      size="large"
      aria-label={label}
      placeholder={label}
      prefix={icon}
      autoComplete={autoComplete}
      value={value}
      status={error ? 'error' : undefined}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      style={style}
    />
  );
}

/** One row of a sign-in form: the input, then its error message. */
export function SignInField(props: SignInInputProps) {
  return (
    <FieldRow errorId={`${props.id}-error`} error={props.error}>
      <SignInInput {...props} />
    </FieldRow>
  );
}

type Credential = 'username' | 'password';

/** What the credential rows need of a sign-in form (useFieldErrors). */
export interface CredentialForm {
  values: Record<Credential, string>;
  errors: Partial<Record<Credential, string>>;
  onChange: (name: Credential, value: string) => void;
  onBlur: (name: Credential) => void;
}

/** The user name and password rows that both sign-in pages start with. */
export function CredentialFields({ idPrefix, form, labels }: {
  idPrefix: string;
  form: CredentialForm;
  labels: Record<Credential, string>;
}) {
  const field = (name: Credential, icon: ReactNode, autoComplete: string, secret?: boolean) => (
    <SignInField
      id={`${idPrefix}-${name}`}
      label={labels[name]}
      icon={icon}
      autoComplete={autoComplete}
      secret={secret}
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(v) => form.onChange(name, v)}
      onBlur={() => form.onBlur(name)}
    />
  );
  return (
    <>
      {field('username', <UserOutlined />, 'username')}
      {field('password', <LockOutlined />, 'current-password', true)}
    </>
  );
}
