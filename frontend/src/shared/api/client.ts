import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Language, MessageKey } from '@/shared/lib/i18n';
import { attachFailure, noticeText, readFailure, type ApiFailure, type Translator } from './errors';
import { apiMessages } from './messages';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Reject without any notification, confirm or navigation (logout, session bootstrap). */
    silent?: boolean;
    /**
     * Not asked for by the user (a live stream's refusal, a poll): a lost session it meets is told
     * once per session, so the box the user closed with 取消 does not come back on its own.
     */
    background?: boolean;
    /** Set on the one retry of a read the server shed (503 + Retry-After): never retried again. */
    busyRetried?: boolean;
  }
}

/** Shared client constants (docs/decisions.md "Building blocks (issue 5)"). */
export const REQUEST_TIMEOUT_MS = 1_200_000;
export const ERROR_NOTICE_SECONDS = 5;
/** Body fields searched, in this order, for the message of an error (docs/decisions.md "Building blocks (issue 5)"). */
export const MESSAGE_FIELDS = ['message', 'msg', 'error_description', 'error', 'errmsg', 'err', 'error_msg'] as const;

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void | Promise<void>;
  /** Called once the box is gone, whichever button closed it. */
  onClose: () => void;
}

/** What the running app lends the client while it is mounted (UI hooks and session actions). */
export interface ClientBindings {
  /** Route change; `afterwards` runs once the router shows `to` (navigation may be a transition). */
  navigate: (to: string, afterwards?: () => void) => void;
  confirm: (options: ConfirmOptions) => void;
  notifyError: (message: string, durationSeconds: number) => void;
  /** Takes the error notices on screen away (a good sign-in after a refused one). */
  dismissErrors?: () => void;
  /** Session logout: server call, then token, roles and cookie cleared even if the call fails. */
  logout: () => Promise<void>;
  /** Forget the in-memory session without calling the server. */
  resetSession: () => void;
  reload: () => void;
}

export interface ClientDeps {
  getToken: () => string | undefined;
  removeToken: () => void;
  getApiBase: () => string;
  getBindings: () => ClientBindings | null;
  translate: (key: MessageKey) => string;
  /** The interface language: errors are told in the server's Chinese, or in English by their code. */
  language?: () => Language;
  /** Test hook: axios adapter. */
  adapter?: AxiosRequestConfig['adapter'];
  /** Test hook: waits ms before a shed read is retried (default: a timer, ended by the request's abort). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Test hook: the jitter's random number in [0, 1). */
  random?: () => number;
}

export interface Http {
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  /** Form-encoded POST (login calls). */
  postForm<T>(url: string, fields: Record<string, string>, config?: AxiosRequestConfig): Promise<T>;
  request<T>(config: AxiosRequestConfig): Promise<T>;
}

export interface Client {
  http: Http;
  axios: AxiosInstance;
  /** Abort every request in flight (unmount). */
  abortAll: () => void;
  /**
   * A request the client does not send itself (the message stream's fetch) addressed and signed
   * as its own: the path on the API base and the session's Authorization header.
   */
  target: (path: string) => { url: string; headers: Record<string, string> };
}

export function pickMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of MESSAGE_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

export function isTimeout(error: AxiosError): boolean {
  return (
    error.code === AxiosError.ETIMEDOUT ||
    (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message ?? ''))
  );
}

/** Error bodies of blob downloads arrive as Blobs; read them back as JSON when they are. */
async function readBody(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text());
    } catch {
      return undefined;
    }
  }
  if (typeof data === 'string') {
    try {
      return JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  return data;
}

/** The longest a shed read waits for its retry, whatever Retry-After says. */
export const BUSY_RETRY_MAX_MS = 5_000;

/**
 * The delay before retrying a read the server shed: its Retry-After (seconds; a date or nothing
 * counts as 1 s), bounded, plus up to half again at random so that the pages refused together do
 * not come back together. undefined: not a shed answer (a 503 without Retry-After is a failing
 * dependency, not load).
 */
export function busyDelay(response: AxiosResponse | undefined, random: () => number): number | undefined {
  if (response?.status !== 503) return undefined;
  const header = AxiosHeaders.from(response.headers as AxiosHeaders).get('Retry-After');
  if (header === undefined || header === null || header === '') return undefined;
  const seconds = Number(header);
  const base = Math.min(Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000, BUSY_RETRY_MAX_MS);
  return Math.round(base * (1 + random() / 2));
}

const IDEMPOTENT = new Set(['get', 'head', 'options']);

function timer(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new axios.CanceledError());
      return;
    }
    const id = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(id);
      reject(new axios.CanceledError());
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

function statusOf(error: AxiosError, body: unknown): number {
  if (error.response?.status) return error.response.status;
  const fromBody = body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined;
  return typeof fromBody === 'number' ? fromBody : 0;
}

function isPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
}

export function createClient(deps: ClientDeps): Client {
  const instance = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    // ids=1&ids=2, not ids[0]=1 (DECISIONS §3)
    paramsSerializer: { indexes: null },
    adapter: deps.adapter,
  });
  let controller = new AbortController();
  // One session-expired box at a time, shared by 401 and 405. Remembered per binding, so a box
  // left open by an unmounted app does not block the next mount.
  let boxOpenFor: ClientBindings | null = null;
  // The session (its token) the box was last shown for: background requests do not show it again.
  let toldFor: string | undefined;
  // Until when the 系统繁忙 notice is on screen: the pages refused together say it once.
  let busyNoticeUntil = 0;
  const wait = deps.wait ?? timer;
  const random = deps.random ?? Math.random;

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (config.baseURL === undefined) config.baseURL = deps.getApiBase();
    const headers = AxiosHeaders.from(config.headers);
    const token = deps.getToken();
    // The stored token already starts with "Bearer ".
    if (token) headers.set('Authorization', token);
    // JSON by default; FormData, URLSearchParams and Blobs keep the type axios gives them.
    if (isPlainObject(config.data) && !headers.getContentType()) {
      headers.setContentType('application/json;charset=utf-8');
    }
    config.headers = headers;
    if (!config.signal) config.signal = controller.signal;
    return config;
    // synchronous: the request leaves in the caller's own task, not after the microtasks that
    // wait for the rest of a render's commit (a list page's first request, issue 16)
  }, undefined, { synchronous: true });

  /** The box of a lost session; kicked: ended by an administrator (code kicked), said as such. */
  function openExpiredBox(
    bindings: ClientBindings,
    onRelogin: () => void | Promise<void>,
    kicked: boolean,
    config: InternalAxiosRequestConfig | undefined,
  ): void {
    if (boxOpenFor === bindings) return;
    const session = deps.getToken();
    // The answer to a request of a session this page has already left (重新登录 pressed, or
    // signed in anew meanwhile): there is nothing left to tell.
    const sentWith = config?.headers?.get?.('Authorization') ?? undefined;
    if (config && sentWith !== session) return;
    const background = config?.background === true;
    // A background request sent with no session at all lost none: the user is already signed out.
    if (background && !sentWith) return;
    if (background && session !== undefined && session === toldFor) return;
    toldFor = session;
    boxOpenFor = bindings;
    bindings.confirm({
      title: deps.translate('err.expired.title'),
      content: deps.translate(kicked ? 'err.kicked.body' : 'err.expired.body'),
      okText: deps.translate('err.expired.relogin'),
      cancelText: deps.translate('err.expired.cancel'),
      onOk: onRelogin,
      onClose: () => {
        if (boxOpenFor === bindings) boxOpenFor = null;
      },
    });
  }

  const translator = (): Translator => ({
    english: deps.language?.() === 'en-US',
    code: (key) => (key in apiMessages ? deps.translate(key as MessageKey) : undefined),
  });

  /**
   * Tells the user what failed. Field errors wait one task: a form that catches the error puts
   * them under its inputs first (shared/ui/form), and only what it could not place is told here.
   */
  function notifyFailure(bindings: ClientBindings, failure: ApiFailure): void {
    const tell = () => {
      const text = noticeText(failure, translator(), deps.translate('err.failed'));
      if (text) bindings.notifyError(text, ERROR_NOTICE_SECONDS);
    };
    if (failure.errors.length > 0) setTimeout(tell, 0);
    else tell();
  }

  async function onError(error: unknown): Promise<never> {
    if (axios.isCancel(error) || !(error instanceof AxiosError)) throw error;
    const delay = busyDelay(error.response, random);
    const config = error.config;
    // A shed read did nothing on the server: asked again once, after the time it asked for.
    // Writes are not: the user decides whether to save again.
    if (delay !== undefined && config && !config.busyRetried && IDEMPOTENT.has((config.method ?? 'get').toLowerCase())) {
      await wait(delay, config.signal as AbortSignal | undefined);
      return instance.request({ ...config, busyRetried: true });
    }
    const bindings = deps.getBindings();
    const body = error.response ? await readBody(error.response.data) : undefined;
    const status = statusOf(error, body);
    const failure = readFailure(body, status, pickMessage(body));
    // callers read it with failureOf (code and fields), silent ones included
    if (error.response) attachFailure(error, failure);
    if (error.config?.silent || !bindings) throw error;

    if (delay !== undefined) {
      const now = Date.now();
      if (now >= busyNoticeUntil) {
        busyNoticeUntil = now + ERROR_NOTICE_SECONDS * 1000;
        bindings.notifyError(deps.translate('err.busy'), ERROR_NOTICE_SECONDS);
      }
      throw error;
    }
    if (!error.response) {
      bindings.notifyError(deps.translate(isTimeout(error) ? 'err.timeout' : 'err.failed'), ERROR_NOTICE_SECONDS);
      throw error;
    }
    switch (status) {
      case 401:
        // A sign-in refused for its address (登录IP白名单) is said as it is: no session was lost.
        if (failure.code === 'ip_not_allowed') {
          notifyFailure(bindings, failure);
          break;
        }
        // Staff session gone: re-login logs out (token cleared even if the call fails) and reloads.
        openExpiredBox(
          bindings,
          async () => {
            try {
              await bindings.logout();
            } finally {
              bindings.reload();
            }
          },
          failure.code === 'kicked',
          config,
        );
        break;
      case 403:
        // The server names what was refused in words (a permission's menu title): said, then /401.
        notifyFailure(bindings, failure);
        bindings.navigate('/401');
        break;
      case 405:
        // Channel-operator session gone: back to the channel login.
        openExpiredBox(bindings, () => {
          deps.removeToken();
          // The session empties once /newLogin shows: emptied earlier, the guard would see a
          // signed-out user on the current page and send them to /login instead.
          bindings.navigate('/newLogin', bindings.resetSession);
        }, failure.code === 'kicked', config);
        break;
      default:
        notifyFailure(bindings, failure);
    }
    throw error;
  }

  instance.interceptors.response.use((response: AxiosResponse) => response.data, onError);

  const http: Http = {
    get: <T>(url: string, config?: AxiosRequestConfig) => instance.get<T, T>(url, config),
    delete: <T>(url: string, config?: AxiosRequestConfig) => instance.delete<T, T>(url, config),
    post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => instance.post<T, T>(url, data, config),
    put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => instance.put<T, T>(url, data, config),
    postForm: <T>(url: string, fields: Record<string, string>, config?: AxiosRequestConfig) =>
      instance.post<T, T>(url, new URLSearchParams(fields), {
        ...config,
        headers: { ...config?.headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      }),
    request: <T>(config: AxiosRequestConfig) => instance.request<T, T>(config),
  };

  return {
    http,
    axios: instance,
    abortAll: () => {
      controller.abort();
      controller = new AbortController();
    },
    target: (path) => {
      const token = deps.getToken();
      const headers: Record<string, string> = {};
      // the same header the interceptor sets: the stored token already starts with "Bearer "
      if (token) headers.Authorization = token;
      return { url: deps.getApiBase() + path, headers };
    },
  };
}
