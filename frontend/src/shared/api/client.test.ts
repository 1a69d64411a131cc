import { describe, expect, it, vi, beforeEach } from 'vitest';
import axios, { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { translate } from '@/shared/lib/i18n';
import { failureOf } from './errors';
import {
  BUSY_RETRY_MAX_MS,
  busyDelay,
  createClient,
  ERROR_NOTICE_SECONDS,
  MESSAGE_FIELDS,
  REQUEST_TIMEOUT_MS,
  type ClientBindings,
  type ConfirmOptions,
} from './client';

type Handler = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

function response(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  return { data, status, statusText: String(status), headers: {}, config };
}

/** What axios's own adapters do: resolve 2xx, reject anything else with the response attached. */
function reply(status: number, data: unknown = {}): Handler {
  return async (config) => {
    const res = response(config, status, data);
    if (status >= 200 && status < 300) return res;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, res);
  };
}

function setup(handler: Handler, options: { token?: string; bound?: boolean; english?: boolean } = {}) {
  const calls = {
    notify: [] as Array<[string, number]>,
    confirms: [] as ConfirmOptions[],
    navigate: [] as string[],
  };
  const bindings: ClientBindings = {
    navigate: vi.fn((to: string, afterwards?: () => void) => {
      calls.navigate.push(to);
      afterwards?.();
    }),
    confirm: vi.fn((o: ConfirmOptions) => void calls.confirms.push(o)),
    notifyError: vi.fn((m: string, d: number) => void calls.notify.push([m, d])),
    logout: vi.fn(async () => undefined),
    resetSession: vi.fn(),
    reload: vi.fn(),
  };
  const seen: InternalAxiosRequestConfig[] = [];
  const removeToken = vi.fn();
  const client = createClient({
    getToken: () => options.token,
    removeToken,
    getApiBase: () => 'http://bff.test',
    getBindings: () => (options.bound === false ? null : bindings),
    translate: (key) => translate(options.english ? 'en-US' : 'zh-CN', key),
    language: () => (options.english ? 'en-US' : 'zh-CN'),
    adapter: (config) => {
      seen.push(config);
      return handler(config);
    },
  });
  return { client, http: client.http, bindings, calls, seen, removeToken };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('request client: requests', () => {
  it('returns the response body and times out after 1,200,000 ms', async () => {
    const { http, seen } = setup(reply(200, { id: 7 }));
    await expect(http.get('/api/thing')).resolves.toEqual({ id: 7 });
    expect(REQUEST_TIMEOUT_MS).toBe(1_200_000);
    expect(seen[0].timeout).toBe(1_200_000);
    expect(seen[0].baseURL).toBe('http://bff.test');
  });

  it('sends the stored token as the Authorization header, as is', async () => {
    const { http, seen } = setup(reply(200), { token: 'Bearer abc.def' });
    await http.get('/api/x');
    expect(AxiosHeaders.from(seen[0].headers).get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends no Authorization header without a token', async () => {
    const { http, seen } = setup(reply(200));
    await http.get('/api/x');
    expect(AxiosHeaders.from(seen[0].headers).has('Authorization')).toBe(false);
  });

  it('sends JSON by default and form-encoded for the login calls', async () => {
    const { http, seen } = setup(reply(200));
    await http.post('/api/menus', { name: 'a' });
    expect(String(AxiosHeaders.from(seen[0].headers).getContentType())).toMatch(/^application\/json/);
    expect(seen[0].data).toBe('{"name":"a"}');

    await http.postForm('/api/auth/login', { username: 'admin', password: 'p w', code: '3', uuid: 'u' });
    expect(String(AxiosHeaders.from(seen[1].headers).getContentType())).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(seen[1].data).toBe('username=admin&password=p+w&code=3&uuid=u');
  });

  it('serialises arrays in the query without indices', async () => {
    const { http, seen, client } = setup(reply(200));
    await http.get('/api/list', { params: { ids: [1, 2], name: 'x' } });
    expect(client.axios.getUri(seen[0])).toBe('http://bff.test/api/list?ids=1&ids=2&name=x');
  });
});

describe('request client: error catalogue', () => {
  let env: ReturnType<typeof setup>;

  it('timeout → notification 网络请求超时 for 5 s', async () => {
    env = setup(async (config) => {
      throw new AxiosError('timeout of 1200000ms exceeded', AxiosError.ECONNABORTED, config);
    });
    await expect(env.http.get('/api/slow')).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.notify).toEqual([['网络请求超时', 5]]);
    expect(ERROR_NOTICE_SECONDS).toBe(5);
  });

  it('no response (network error) → notification 接口请求失败 for 5 s', async () => {
    env = setup(async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    });
    await expect(env.http.get('/api/x')).rejects.toThrow('Network Error');
    expect(env.calls.notify).toEqual([['接口请求失败', 5]]);
  });

  describe('401', () => {
    beforeEach(() => {
      env = setup(reply(401, { status: 401, message: '登录已过期' }));
    });

    it('opens the 系统提示 confirm with its body and buttons, and nothing else', async () => {
      await expect(env.http.get('/api/x')).rejects.toBeInstanceOf(AxiosError);
      expect(env.calls.confirms).toHaveLength(1);
      const box = env.calls.confirms[0];
      expect(box.title).toBe('系统提示');
      expect(box.content).toBe('登录状态已过期，您可以继续留在该页面，或者重新登录');
      expect(box.okText).toBe('重新登录');
      expect(box.cancelText).toBe('取消');
      expect(env.calls.notify).toEqual([]);
      expect(env.calls.navigate).toEqual([]);
    });

    it('重新登录 logs out (which clears the token) and reloads', async () => {
      await env.http.get('/api/x').catch(() => undefined);
      await env.calls.confirms[0].onOk();
      expect(env.bindings.logout).toHaveBeenCalledTimes(1);
      expect(env.bindings.reload).toHaveBeenCalledTimes(1);
    });

    it('reloads even when the logout call fails', async () => {
      vi.mocked(env.bindings.logout).mockRejectedValueOnce(new Error('offline'));
      await env.http.get('/api/x').catch(() => undefined);
      await expect(env.calls.confirms[0].onOk()).rejects.toThrow('offline');
      expect(env.bindings.reload).toHaveBeenCalledTimes(1);
    });

    it('a background request does not bring back the box the user closed for this session', async () => {
      env = setup(reply(401, { status: 401, message: '登录已过期' }), { token: 'Bearer gone' });
      await env.http.get('/api/x').catch(() => undefined);
      env.calls.confirms[0].onClose(); // 取消
      await env.http.get('/api/messages/unread-count', { background: true }).catch(() => undefined);
      expect(env.calls.confirms).toHaveLength(1);
      // what the user asks for next tells them again
      await env.http.get('/api/y').catch(() => undefined);
      expect(env.calls.confirms).toHaveLength(2);
    });

    it("an answer for a session the page already left (重新登录 removed its token) shows nothing", async () => {
      let answer: () => void = () => undefined;
      const options: { token?: string } = { token: 'Bearer gone' };
      env = setup(
        (config) =>
          new Promise((resolve, reject) => {
            answer = () => reply(405, { status: 405, message: '登录已过期' })(config).then(resolve, reject);
          }),
        options,
      );
      const late = env.http.get('/api/messages/unread-count', { background: true }).catch(() => undefined);
      options.token = undefined; // the user pressed 重新登录 meanwhile
      answer();
      await late;
      expect(env.calls.confirms).toEqual([]);
    });

    it('a background request sent with no session (the token already removed) shows nothing', async () => {
      env = setup(reply(401, { status: 401, message: '未登录' }));
      await env.http.get('/api/messages/unread-count', { background: true }).catch(() => undefined);
      expect(env.calls.confirms).toEqual([]);
      // what the user asks for still tells them
      await env.http.get('/api/x').catch(() => undefined);
      expect(env.calls.confirms).toHaveLength(1);
    });

    it('a background request tells a lost session nobody was told of yet', async () => {
      env = setup(reply(401, { status: 401, message: '登录已过期' }), { token: 'Bearer gone' });
      await env.http.get('/api/messages/unread-count', { background: true }).catch(() => undefined);
      expect(env.calls.confirms).toHaveLength(1);
    });

    it('shows only one confirm at a time; another may open once it closed', async () => {
      await Promise.allSettled([env.http.get('/a'), env.http.get('/b'), env.http.get('/c')]);
      expect(env.calls.confirms).toHaveLength(1);
      env.calls.confirms[0].onClose();
      await env.http.get('/d').catch(() => undefined);
      expect(env.calls.confirms).toHaveLength(2);
    });
  });

  // a session an administrator ended (code kicked) is said as such, for staff (401) and channel
  // operators (405) alike, in both languages; a session that ran out keeps 登录状态已过期
  it.each([
    [401, '/api/x', false, '您已被管理员强制下线，您可以继续留在该页面，或者重新登录'],
    [405, '/background/x', false, '您已被管理员强制下线，您可以继续留在该页面，或者重新登录'],
    [401, '/api/x', true, 'You have been signed out by an administrator, you can stay on this page or log in again'],
    [405, '/background/x', true, 'You have been signed out by an administrator, you can stay on this page or log in again'],
  ])('%i kicked (%s, english %s) → 您已被管理员强制下线', async (status, path, english, body) => {
    env = setup(reply(status, { status, code: 'kicked', message: '您已被管理员强制下线，请重新登录' }), { english });
    await expect(env.http.get(path)).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.confirms).toHaveLength(1);
    expect(env.calls.confirms[0].content).toBe(body);
    expect(env.calls.notify).toEqual([]);
  });

  it('401 ip_not_allowed (a sign-in from outside the 登录IP白名单) is told, not a lost session', async () => {
    env = setup(reply(401, { status: 401, code: 'ip_not_allowed', message: '当前IP不在该账号的登录IP白名单内，禁止登录' }));
    await expect(env.http.post('/api/auth/login')).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.confirms).toEqual([]);
    expect(env.calls.notify).toEqual([['当前IP不在该账号的登录IP白名单内，禁止登录', 5]]);
  });

  it('403 → navigate to /401, saying in words what was refused', async () => {
    env = setup(reply(403, { status: 403, code: 'forbidden', message: '你没有“在线用户 - 强退”的权限' }));
    await expect(env.http.get('/api/x')).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.navigate).toEqual(['/401']);
    expect(env.calls.notify).toEqual([['你没有“在线用户 - 强退”的权限', ERROR_NOTICE_SECONDS]]);
    expect(env.calls.confirms).toEqual([]);
  });

  it('403 naming a permission code says 没有权限, never the code', async () => {
    env = setup(reply(403, { status: 403, code: 'forbidden', message: '没有权限: leave:batch' }));
    await expect(env.http.get('/api/x')).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.notify).toEqual([['没有权限', ERROR_NOTICE_SECONDS]]);
  });

  it('405 → the same confirm; 重新登录 removes the stored token and goes to /newLogin', async () => {
    env = setup(reply(405, { status: 405, message: '渠道登录已过期' }));
    await expect(env.http.get('/background/x')).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.confirms).toHaveLength(1);
    const box = env.calls.confirms[0];
    expect([box.title, box.content, box.okText, box.cancelText]).toEqual([
      '系统提示',
      '登录状态已过期，您可以继续留在该页面，或者重新登录',
      '重新登录',
      '取消',
    ]);
    expect(env.removeToken).not.toHaveBeenCalled();
    await box.onOk();
    expect(env.removeToken).toHaveBeenCalledTimes(1);
    expect(env.calls.navigate).toEqual(['/newLogin']);
    // the in-memory session is emptied after the route changed
    expect(env.bindings.navigate).toHaveBeenCalledWith('/newLogin', env.bindings.resetSession);
    expect(env.bindings.resetSession).toHaveBeenCalledTimes(1);
    expect(env.bindings.logout).not.toHaveBeenCalled();
    expect(env.bindings.reload).not.toHaveBeenCalled();
  });

  it('401 and 405 share the one-box rule', async () => {
    let status = 401;
    env = setup((config) => reply(status, {})(config));
    await env.http.get('/a').catch(() => undefined);
    status = 405;
    await env.http.get('/b').catch(() => undefined);
    expect(env.calls.confirms).toHaveLength(1);
  });

  it('any other status → the first available of message, msg, error_description, error, errmsg, err, error_msg, 5 s', async () => {
    expect(MESSAGE_FIELDS).toEqual(['message', 'msg', 'error_description', 'error', 'errmsg', 'err', 'error_msg']);
    for (let i = 0; i < MESSAGE_FIELDS.length; i += 1) {
      // the body holds this field and every later one: the earliest present must win
      const body: Record<string, unknown> = { status: 400 };
      for (const field of MESSAGE_FIELDS.slice(i)) body[field] = `from ${field}`;
      env = setup(reply(400, body));
      await expect(env.http.post('/api/x', {})).rejects.toBeInstanceOf(AxiosError);
      expect(env.calls.notify).toEqual([[`from ${MESSAGE_FIELDS[i]}`, 5]]);
    }
  });

  it.each([400, 404, 409, 413, 429, 500])('status %i shows the server message', async (status) => {
    env = setup(reply(status, { status, message: `消息 ${status}` }));
    await env.http.get('/api/x').catch(() => undefined);
    expect(env.calls.notify).toEqual([[`消息 ${status}`, 5]]);
  });

  it('a status with no message field → 接口请求失败', async () => {
    env = setup(reply(502, '<html>bad gateway</html>'));
    await env.http.get('/api/x').catch(() => undefined);
    expect(env.calls.notify).toEqual([['接口请求失败', 5]]);
  });

  it('reads the message of a blob (download) error body', async () => {
    env = setup(reply(400, new Blob([JSON.stringify({ status: 400, message: '没有可导出的数据' })])));
    await env.http.get('/api/x/download', { responseType: 'blob' }).catch(() => undefined);
    expect(env.calls.notify).toEqual([['没有可导出的数据', 5]]);
  });

  it('silent requests and requests while unmounted reject without any UI', async () => {
    env = setup(reply(401));
    await expect(env.http.get('/api/x', { silent: true })).rejects.toBeInstanceOf(AxiosError);
    expect(env.calls.confirms).toEqual([]);

    const unbound = setup(reply(500, { message: 'x' }), { bound: false });
    await expect(unbound.http.get('/api/x')).rejects.toBeInstanceOf(AxiosError);
    expect(unbound.calls.notify).toEqual([]);
  });

  it('abortAll cancels requests in flight without a notification', async () => {
    env = setup(
      (config) =>
        new Promise((_, reject) => {
          config.signal?.addEventListener?.('abort', () => reject(new axios.CanceledError()));
        }),
    );
    const pending = env.http.get('/api/slow');
    await flush();
    env.client.abortAll();
    await expect(pending).rejects.toBeInstanceOf(axios.CanceledError);
    expect(env.calls.notify).toEqual([]);
  });
});

describe('request client: bindings', () => {
  it('a box left open by an unmounted app does not block the next mount', async () => {
    let bindings: ClientBindings | null = null;
    const confirms: string[] = [];
    const make = (name: string): ClientBindings => ({
      navigate: () => undefined,
      confirm: () => void confirms.push(name),
      notifyError: () => undefined,
      logout: async () => undefined,
      resetSession: () => undefined,
      reload: () => undefined,
    });
    const client = createClient({
      getToken: () => undefined,
      removeToken: () => undefined,
      getApiBase: () => '',
      getBindings: () => bindings,
      translate: (key) => translate('zh-CN', key),
      adapter: reply(401),
    });
    bindings = make('first mount');
    await client.http.get('/a').catch(() => undefined);
    bindings = make('second mount');
    await client.http.get('/b').catch(() => undefined);
    expect(confirms).toEqual(['first mount', 'second mount']);
  });
});

describe('error answers with a code and fields', () => {
  const nextTask = () => new Promise((r) => setTimeout(r, 5));
  const invalid = {
    status: 400,
    code: 'validation',
    message: 'username: 不能为空',
    errors: [
      { field: 'username', code: 'required', message: '不能为空' },
      { field: 'email', code: 'format', message: '请输入正确的邮箱地址' },
    ],
  };

  it('keeps the code and every field on the error for the form', async () => {
    const env = setup(reply(400, invalid));
    const err = await env.http.post('/api/users', {}).catch((e: unknown) => e);
    expect(failureOf(err)).toMatchObject({ status: 400, code: 'validation', errors: invalid.errors });
  });

  it('tells the fields no form placed, without their keys', async () => {
    const env = setup(reply(400, invalid));
    await env.http.post('/api/users', {}).catch(() => undefined);
    expect(env.calls.notify).toEqual([]); // waits a task for a form
    await nextTask();
    expect(env.calls.notify).toEqual([['不能为空；请输入正确的邮箱地址', 5]]);
  });

  it('tells nothing about fields a form placed', async () => {
    const env = setup(reply(409, { status: 409, code: 'conflict', message: 'username: 用户名已存在', errors: [{ field: 'username', code: 'conflict', message: '用户名已存在' }] }));
    const err = await env.http.post('/api/users', {}).catch((e: unknown) => e);
    failureOf(err)?.placed.add('username');
    await nextTask();
    expect(env.calls.notify).toEqual([]);
  });

  it('never shows a field key or a permission string', async () => {
    const env = setup(reply(409, { status: 409, code: 'conflict', message: 'ids: 角色已分配给用户，不能删除' }));
    await env.http.delete('/api/roles').catch(() => undefined);
    const perm = setup(reply(400, { status: 400, code: 'bad_request', message: '缺少权限 user:add' }));
    await perm.http.get('/x').catch(() => undefined);
    await nextTask();
    expect(env.calls.notify).toEqual([['角色已分配给用户，不能删除', 5]]);
    expect(perm.calls.notify).toEqual([['请求格式错误', 5]]);
  });

  it('in English, tells by code', async () => {
    const env = setup(reply(429, { status: 429, code: 'rate_limited', message: '登录失败次数过多，请5分钟后再试' }), { english: true });
    await env.http.get('/x').catch(() => undefined);
    const fields = setup(reply(400, invalid), { english: true });
    await fields.http.get('/x').catch(() => undefined);
    const unknown = setup(reply(418, { status: 418, code: 'teapot', message: '茶壶' }), { english: true });
    await unknown.http.get('/x').catch(() => undefined);
    await nextTask();
    expect(env.calls.notify).toEqual([['Too many requests, please try again later', 5]]);
    expect(fields.calls.notify).toEqual([['This is required, cannot be empty；Not in the expected format', 5]]);
    expect(unknown.calls.notify).toEqual([['Interface request failed', 5]]);
  });
});


describe('request client: a busy server (503 + Retry-After)', () => {
  const BUSY = { status: 503, code: 'unavailable', message: '系统繁忙，请稍后重试', timestamp: 1 };

  /** Answers the queued statuses in turn (503s shed with Retry-After), then 200. */
  function answers(statuses: number[], retryAfter: string | null = '1'): Handler {
    return async (config) => {
      const status = statuses.shift() ?? 200;
      if (status === 200) return response(config, 200, { ok: true });
      const res = response(config, status, BUSY);
      if (retryAfter !== null) res.headers = { 'retry-after': retryAfter };
      throw new AxiosError('busy', AxiosError.ERR_BAD_RESPONSE, config, {}, res);
    };
  }

  function busySetup(handler: Handler, random = 0.5) {
    const waits: number[] = [];
    const seen: InternalAxiosRequestConfig[] = [];
    const notify: string[] = [];
    const bindings: ClientBindings = {
      navigate: vi.fn(),
      confirm: vi.fn(),
      notifyError: vi.fn((m: string) => void notify.push(m)),
      logout: vi.fn(async () => undefined),
      resetSession: vi.fn(),
      reload: vi.fn(),
    };
    const client = createClient({
      getToken: () => undefined,
      removeToken: vi.fn(),
      getApiBase: () => 'http://bff.test',
      getBindings: () => bindings,
      translate: (key) => translate('zh-CN', key),
      adapter: (config) => {
        seen.push(config);
        return handler(config);
      },
      wait: async (ms) => void waits.push(ms),
      random: () => random,
    });
    return { http: client.http, waits, seen, notify };
  }

  it('retries a read once after Retry-After with jitter, and says nothing when the retry is answered', async () => {
    const { http, waits, seen, notify } = busySetup(answers([503]), 0.5);
    await expect(http.get('/api/goods')).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([1250]); // 1 s plus a quarter (half of random 0.5)
    expect(notify).toEqual([]);
  });

  it('retries a read only once, then says 系统繁忙 calmly', async () => {
    const { http, seen, notify } = busySetup(answers([503, 503, 503]));
    await expect(http.get('/api/goods')).rejects.toBeInstanceOf(AxiosError);
    expect(seen).toHaveLength(2);
    expect(notify).toEqual(['系统繁忙，请稍后重试']);
  });

  it('does not retry a write', async () => {
    const { http, waits, seen, notify } = busySetup(answers([503]));
    await expect(http.post('/api/goods', { name: 'x' })).rejects.toBeInstanceOf(AxiosError);
    await expect(http.put('/api/goods', { name: 'x' })).resolves.toEqual({ ok: true });
    expect(seen.map((c) => c.method)).toEqual(['post', 'put']);
    expect(waits).toEqual([]);
    expect(notify).toEqual(['系统繁忙，请稍后重试']);
  });

  it('says it once for many pages refused together', async () => {
    const { http, seen, notify } = busySetup(answers(Array(20).fill(503)));
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => http.get(`/api/list/${i}`)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(seen).toHaveLength(10);
    expect(notify).toEqual(['系统繁忙，请稍后重试']);
  });

  it('bounds the wait whatever Retry-After says', async () => {
    const { http, waits } = busySetup(answers([503], '3600'), 0.999);
    await http.get('/api/goods');
    expect(waits[0]).toBeGreaterThanOrEqual(BUSY_RETRY_MAX_MS);
    expect(waits[0]).toBeLessThanOrEqual(BUSY_RETRY_MAX_MS * 1.5);
  });

  it('leaves a 503 without Retry-After (a dependency down) to the ordinary notice, unretried', async () => {
    const { http, seen, notify } = busySetup(answers([503], null));
    await expect(http.get('/api/goods')).rejects.toBeInstanceOf(AxiosError);
    expect(seen).toHaveLength(1);
    expect(notify).toEqual(['系统繁忙，请稍后重试']); // the server's own message, through the usual path
  });

  it('reads Retry-After with busyDelay: seconds, bounded, nothing for other answers', () => {
    const res = (status: number, headers: Record<string, string>) => ({ status, headers }) as unknown as AxiosResponse;
    expect(busyDelay(res(503, { 'retry-after': '2' }), () => 0)).toBe(2000);
    expect(busyDelay(res(503, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }), () => 0)).toBe(1000);
    expect(busyDelay(res(503, {}), () => 0)).toBeUndefined();
    expect(busyDelay(res(500, { 'retry-after': '1' }), () => 0)).toBeUndefined();
  });
});
