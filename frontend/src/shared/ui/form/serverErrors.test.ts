import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { createClient } from '@/shared/api/client';
import { failureOf } from '@/shared/api';
import { translate, useLanguage } from '@/shared/lib/i18n';
import { placeFieldErrors, submitForm } from './serverErrors';

/** A request that fails the way the BFF answers a duplicate user name. */
async function conflict(): Promise<unknown> {
  const notices: string[] = [];
  const client = createClient({
    getToken: () => undefined,
    removeToken: () => undefined,
    getApiBase: () => 'http://bff.test',
    getBindings: () => ({
      navigate: () => undefined,
      confirm: () => undefined,
      notifyError: (m) => void notices.push(m),
      logout: async () => undefined,
      resetSession: () => undefined,
      reload: () => undefined,
    }),
    translate: (key) => translate('zh-CN', key),
    adapter: async (config) => {
      const data = {
        status: 400,
        code: 'validation',
        message: 'username: 用户名已存在',
        errors: [
          { field: 'username', code: 'conflict', message: '用户名已存在' },
          { field: 'dept', code: 'invalid', message: '部门不存在' },
          { field: 'secret', code: 'invalid', message: '不在表单上' },
        ],
      };
      throw new AxiosError('400', AxiosError.ERR_BAD_REQUEST, config, {}, { data, status: 400, statusText: '400', headers: new AxiosHeaders(), config });
    },
  });
  return client.http.post('/api/users', {}).catch((e: unknown) => e);
}

describe('server field errors on a form', () => {
  it('puts each error under its field (aliased names too) and leaves the rest to the notice', async () => {
    // the form's registered fields, as antd's getFieldsError lists them
    const registered = ['username', 'deptId'];
    const placed: Array<{ name: string; errors: string[] }> = [];
    const view = {
      setFields: (fields: unknown) => void placed.push(...(fields as typeof placed)),
      getFieldsError: () => registered.map((n) => ({ name: [n], errors: [], warnings: [] })),
    };
    const err = await conflict();
    expect(placeFieldErrors(view, err, { dept: 'deptId' })).toBe(2);
    expect(placed).toEqual([
      { name: 'username', errors: ['用户名已存在'] },
      { name: 'deptId', errors: ['部门不存在'] },
    ]);
    expect([...(failureOf(err)?.placed ?? [])]).toEqual(['username', 'dept']);
  });

  it('shows the English text of the code in en-US', async () => {
    useLanguage.getState().setLanguage('en-US');
    try {
      const placed: Array<{ name: string; errors: string[] }> = [];
      const view = { setFields: (f: unknown) => void placed.push(...(f as typeof placed)), getFieldsError: () => [{ name: ['username'], errors: [], warnings: [] }] };
      placeFieldErrors(view, await conflict());
      expect(placed).toEqual([{ name: 'username', errors: ['Already exists'] }]);
    } finally {
      useLanguage.getState().setLanguage('zh-CN');
    }
  });

  it('a failed submit resolves false (dialog stays open), other errors still throw', async () => {
    const view = { setFields: () => undefined, getFieldsError: () => [] };
    await expect(submitForm(view, () => conflict().then((e) => Promise.reject(e)))).resolves.toBe(false);
    await expect(submitForm(view, async () => true)).resolves.toBe(true);
    await expect(submitForm(view, () => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
});
