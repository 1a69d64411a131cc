import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** A stand-in for the BFF at the axios adapter level: routes "METHOD /path" to handlers. */
export type Route = (config: InternalAxiosRequestConfig) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

export interface FakeBff {
  adapter: (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
  routes: Map<string, Route>;
  calls: Array<{ method: string; path: string; baseURL?: string; data: unknown; headers: Record<string, unknown> }>;
  on: (key: string, route: Route) => void;
  /** Free slot for tests to record what a route saw. */
  queries: Array<Record<string, unknown>>;
}

export function fakeBff(): FakeBff {
  const routes = new Map<string, Route>();
  const calls: FakeBff['calls'] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const path = new URL(config.url ?? '', 'http://bff.test').pathname;
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({ method, path, baseURL: config.baseURL, data: config.data, headers: { ...config.headers } });
    const route = routes.get(`${method} ${path}`);
    const { status, body } = route ? await route(config) : { status: 404, body: { status: 404, message: '不存在' } };
    const res: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 200 && status < 300) return res;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, res);
  };
  return { adapter, routes, calls, on: (key, route) => routes.set(key, route), queries: [] };
}

export const adminInfo = {
  user: { id: 1, username: 'admin', nickName: '超级管理员', email: 'admin@example.com', kind: 'staff', dept: { id: 2, name: '研发部' } },
  roles: ['admin'],
  dataScopes: [],
};

export const adminMenus = [
  {
    name: '系统管理',
    path: '/system',
    hidden: false,
    redirect: 'noredirect',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: '系统管理', icon: 'system', noCache: true },
    children: [
      { name: 'Online', path: 'online', hidden: false, component: 'system/online/index', meta: { title: '在线用户', icon: 'online', noCache: true } },
      { name: 'Ghost', path: 'ghost', hidden: false, component: 'no/such/page', meta: { title: '幽灵页', icon: 'menu', noCache: true } },
    ],
  },
];
