import { AxiosError } from 'axios';

/** One failed input of an error answer: `errors[]` of the envelope (docs/api.md). */
export interface FieldFailure {
  field: string;
  code: string;
  message: string;
}

/**
 * An error answer as the app uses it. `placed` names the fields a form showed under its inputs;
 * the client's notice leaves them out.
 */
export interface ApiFailure {
  status: number;
  code: string;
  message: string;
  errors: FieldFailure[];
  placed: Set<string>;
}

const FAILURE = Symbol('apiFailure');

type WithFailure = { [FAILURE]?: ApiFailure };

/** The failure the client read from an error answer, if the error is one. */
export function failureOf(error: unknown): ApiFailure | undefined {
  return error instanceof AxiosError ? (error as WithFailure)[FAILURE] : undefined;
}

export function attachFailure(error: AxiosError, failure: ApiFailure): void {
  (error as WithFailure)[FAILURE] = failure;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Reads the envelope leniently: older or foreign answers may lack code and errors. */
export function readFailure(body: unknown, status: number, message: string | undefined): ApiFailure {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors = Array.isArray(record.errors)
    ? record.errors
        .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
        .map((e) => ({ field: text(e.field), code: text(e.code), message: text(e.message) }))
        .filter((e) => e.field !== '')
    : [];
  return { status, code: text(record.code), message: message ?? '', errors, placed: new Set() };
}

// "username: 不能为空" — the field key a message starts with.
const FIELD_PREFIX = /^[A-Za-z_][\w.[\]]*:\s+/;
// "user:add", "online:del" — a permission string.
const PERMISSION = /\b[a-z][\w-]*:[a-z][\w-]*\b/i;

/** The message without its leading field key. */
export function withoutField(message: string): string {
  return message.replace(FIELD_PREFIX, '');
}

export interface Translator {
  english: boolean;
  /** Text of an `err.code.*` / `err.field.*` key, undefined when there is none. */
  code: (key: string) => string | undefined;
}

/** What a person reads for one field failure (the server's words in Chinese, the code's in English). */
export function fieldText(f: FieldFailure, tr: Translator): string {
  if (tr.english) return tr.code(`err.field.${f.code}`) ?? tr.code('err.field.invalid') ?? f.message;
  return f.message || (tr.code(`err.field.${f.code}`) ?? '');
}

/**
 * The notice of a failure: never a field key nor a permission string. Fields a form showed are
 * left out; undefined when nothing is left to say.
 */
export function noticeText(f: ApiFailure, tr: Translator, fallback: string): string | undefined {
  const rest = f.errors.filter((e) => !f.placed.has(e.field));
  if (f.errors.length > 0) {
    if (rest.length === 0) return undefined;
    return [...new Set(rest.map((e) => fieldText(e, tr)))].join('；');
  }
  const byCode = f.code ? tr.code(`err.code.${f.code}`) : undefined;
  if (tr.english) return byCode ?? fallback;
  const msg = withoutField(f.message);
  if (msg === '' || PERMISSION.test(msg)) return byCode ?? fallback;
  return msg;
}
