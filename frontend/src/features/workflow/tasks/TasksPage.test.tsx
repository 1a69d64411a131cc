import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLanguage } from '@/shared/lib/i18n';
import { actionColumnWidth } from '@/shared/ui/table';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { renderRoute } from '@/test/renderRoute';
// loaded up front: English mode imports antd's locale lazily, and a test ending first would tear
// the environment down under that import
import 'antd/es/locale/en_US';
import TasksPage, { boxOf } from './TasksPage';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/workflow/tasks', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    const box = String((config.params as { box: string }).box);
    // 我发起的 waits at a node the designer left unnamed; the other boxes' node has a name
    const node = box === 'mine' ? { nodeId: 'n1', nodeName: '', nodeType: 'approver' } : { nodeId: 'n2', nodeName: '组长审批', nodeType: 'approver' };
    return {
      status: 200,
      body: { content: [{ id: 5, instanceId: 11, formName: `表单-${box}`, summary: box === 'todo' ? '售后单号：AS1，退款金额：¥1200.00' : '', applicant: { id: 2, name: '张三' }, ...node, status: 'running', createTime: '2026-11-25 09:00:00', finishTime: null }], totalElements: 1 },
    };
  });
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useLanguage.getState().setLanguage('zh-CN');
});



describe('我的审批', () => {
  it('reads the box from the address; an unknown one is 我的待办', () => {
    expect(boxOf('cc')).toBe('cc');
    expect(boxOf('nope')).toBe('todo');
    expect(boxOf(null)).toBe('todo');
  });

  it('lists the box of ?box=, switches tabs into the address, links rows to /flowDetail', async () => {
    renderRoute('/workflow/tasks?box=done', '/workflow/tasks', <TasksPage />);
    expect(await screen.findByText('表单-done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看' })).toHaveAttribute('href', '/flowDetail?id=11');
    fireEvent.click(screen.getByRole('tab', { name: '抄送我的' }));
    expect(await screen.findByText('表单-cc')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/workflow/tasks?box=cc');
    expect(bff.queries.map((q) => q.box)).toEqual(['done', 'cc']);
    expect(bff.queries[0]).toMatchObject({ page: 0, size: 10 });
  });

  it('shows each request in one line of its key fields; none is a dash', async () => {
    renderRoute('/workflow/tasks?box=todo', '/workflow/tasks', <TasksPage />);
    expect(await screen.findByText('售后单号：AS1，退款金额：¥1200.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '我的已办' }));
    const row = (await screen.findByText('表单-done')).closest('tr')!;
    expect(row).toHaveTextContent('-');
    expect(row).not.toHaveTextContent('售后单号');
  });

  it('titles the 当前节点 by its name, an unnamed one by its kind as the designer does, never by its id', async () => {
    renderRoute('/workflow/tasks?box=todo', '/workflow/tasks', <TasksPage />);
    expect(await screen.findByText('组长审批')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '我发起的' }));
    expect(await screen.findByText('表单-mine')).toBeInTheDocument();
    const cell = screen.getByText('表单-mine').closest('tr')!;
    expect(cell).toHaveTextContent('审批人');
    expect(cell).not.toHaveTextContent('n1');
    act(() => useLanguage.getState().setLanguage('en-US'));
    await waitFor(() => expect(screen.getByText('表单-mine').closest('tr')).toHaveTextContent('Approver'));
  });

  it('puts 查看 in the shared 操作 column, sized by its label in either language and pinned right', async () => {
    renderRoute('/workflow/tasks?box=todo', '/workflow/tasks', <TasksPage />);
    await screen.findByRole('link', { name: '查看' });
    const last = () => [...document.querySelectorAll('.ant-table colgroup col')].at(-1)?.getAttribute('style');
    expect(last()).toContain(`width: ${actionColumnWidth('操作', ['查看'])}px`);
    expect(screen.getByRole('link', { name: '查看' }).closest('td')).toHaveClass('ant-table-cell-fix-right');
    act(() => useLanguage.getState().setLanguage('en-US'));
    await screen.findByRole('link', { name: 'View' });
    await waitFor(() => expect(last()).toContain(`width: ${actionColumnWidth('Actions', ['View'])}px`));
  });

  it('searches by blurry', async () => {
    renderRoute('/workflow/tasks?box=todo', '/workflow/tasks', <TasksPage />);
    await screen.findByText('表单-todo');
    fireEvent.change(screen.getByLabelText('搜索'), { target: { value: '请假' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ box: 'todo', blurry: '请假' }));
  });
});
