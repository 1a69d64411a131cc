import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { client } from '@/shared/api';
import { useLanguage } from '@/shared/lib/i18n';
import { actionColumnWidth } from '@/shared/ui/table';
import { fakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
// loaded up front: English mode imports antd's locale lazily, and a test ending first would tear
// the environment down under that import
import 'antd/es/locale/en_US';
import BatchDetailPage from './BatchDetailPage';

beforeEach(() => {
  const bff = fakeBff();
  bff.on('GET /api/workflow/batches/3', () => ({
    status: 200,
    body: {
      id: 3,
      form: { id: 7, name: '请假' },
      creator: { id: 1, name: '管理员' },
      createTime: '2026-11-25 09:00:00',
      instances: [{ id: 11, applicant: { id: 2, name: '张三' }, status: 'running' }],
    },
  }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useLanguage.getState().setLanguage('zh-CN');
});

/** The width the table gives its last (操作) column. */
const lastColWidth = () => [...document.querySelectorAll('.ant-table colgroup col')].at(-1)?.getAttribute('style');

describe('批量申请详情', () => {
  it('sizes the 操作 column by its 查看 link in either language, like every 操作 column', async () => {
    renderRoute('/batchDetail?id=3', '/batchDetail', <BatchDetailPage />);
    expect(await screen.findByRole('link', { name: '查看' })).toHaveAttribute('href', '/flowDetail?id=11');
    expect(lastColWidth()).toContain(`width: ${actionColumnWidth('操作', ['查看'])}px`);
    act(() => useLanguage.getState().setLanguage('en-US'));
    await screen.findByRole('link', { name: 'View' });
    await waitFor(() => expect(lastColWidth()).toContain(`width: ${actionColumnWidth('Actions', ['View'])}px`));
  });
});
