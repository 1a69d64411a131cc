import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { PermissionsProvider } from '@/shared/lib/access';
import { http } from '@/shared/api';
import { DataTable, SHORT_PAGE_SIZES, useActionColumn, type ActionColumnOptions, type DataColumn, type ListQuery } from '.';

interface Row {
  id: number;
  name: string;
  locked?: boolean;
}
const rows: Row[] = [
  { id: 1, name: '甲', locked: true },
  { id: 2, name: '乙' },
];

function wrap(node: ReactNode, held: string[] = []) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <PermissionsProvider value={held}>
        <AntApp>{node}</AntApp>
      </PermissionsProvider>
    </Providers>,
  );
}

const columns: DataColumn<Row>[] = [{ title: '名称', dataIndex: 'name', search: false }];

function Table(props: {
  selection?: boolean;
  serial?: boolean;
  actions?: Omit<ActionColumnOptions<Row>, 'perm'>;
  request?: (q: ListQuery) => void;
  downUrl?: string;
  downFilters?: Record<string, string>;
  pageSizes?: number[];
}) {
  const actions = useActionColumn<Row>({ perm: 'x', ...props.actions });
  return (
    <DataTable<Row>
      title="表"
      columns={props.actions ? [...columns, actions] : columns}
      selection={props.selection}
      serial={props.serial}
      downUrl={props.downUrl}
      downFilters={props.downFilters}
      pageSizes={props.pageSizes}
      request={async (q) => {
        props.request?.(q);
        return { content: rows, totalElements: rows.length };
      }}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('DataTable options', { timeout: 60_000 }, () => {
  it('selection and serial numbers are on by default; the request gets page 0 of 10 and the filters', async () => {
    const request = vi.fn();
    wrap(<Table request={request} />);
    expect(await screen.findByText('乙')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith({ page: 0, size: 10, filters: {}, sort: [] });
    expect(screen.getByRole('columnheader', { name: '序号' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
  });
  it('the pager says 上一页 / 下一页 (prevText, nextText) and offers 10/15/20/30, a short list 10/15/20', async () => {
    const { unmount } = wrap(<Table />);
    expect(await screen.findByText('上一页')).toBeInTheDocument();
    expect(screen.getByText('下一页')).toBeInTheDocument();
    await userEvent.click(screen.getByText('10 条/页'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['10 条/页', '15 条/页', '20 条/页', '30 条/页']);
    unmount();
    wrap(<Table pageSizes={SHORT_PAGE_SIZES} />);
    await userEvent.click(await screen.findByText('10 条/页'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['10 条/页', '15 条/页', '20 条/页']);
  });
  it('exports the data columns and leaves the 操作 column out', async () => {
    const user = userEvent.setup();
    const post = vi.spyOn(http, 'post').mockRejectedValue(new Error('not here'));
    wrap(<Table downUrl="/api/x" actions={{ onEdit: vi.fn() }} />, ['x:edit']);
    expect(await screen.findByText('乙')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /导出全部/ }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0] as [string, { fields: string[]; headers: string[] }];
    expect(url).toBe('/api/x/downloadAll');
    expect(body.fields).toEqual(['name']);
    expect(body.headers).toEqual(['名称']);
  });
  it('sends downFilters with every export (the master row the page lists the rows of)', async () => {
    const user = userEvent.setup();
    const post = vi.spyOn(http, 'post').mockRejectedValue(new Error('not here'));
    wrap(<Table downUrl="/api/x" downFilters={{ dictName: 'user_status' }} />);
    expect(await screen.findByText('乙')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /导出全部/ }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ dictName: 'user_status', fields: ['name'] });
  });
  it('selection={false} serial={false} give a table without either (the system pages)', async () => {
    wrap(<Table selection={false} serial={false} />);
    expect(await screen.findByText('乙')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '序号' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('DataTable search and columns', { timeout: 60_000 }, () => {
  const searched: DataColumn<Row>[] = [
    { title: '名称', dataIndex: 'name', search: { transform: (v: string) => ({ filter: v }) } },
    { title: '状态', dataIndex: 'locked', valueEnum: { true: { text: '锁定' }, false: { text: '正常' } } },
  ];
  it('查询 sends the trimmed, transformed values from page 1 of 10; 重置 empties them; the last column cannot be hidden', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async () => ({ content: rows, totalElements: 30 }));
    wrap(<DataTable<Row> title="表" columns={searched} request={request} />);
    expect(await screen.findByText('乙')).toBeInTheDocument();
    // the value words of valueEnum in the cells, '-' for an empty one
    expect(screen.getByText('锁定')).toBeInTheDocument();
    expect(screen.getAllByText('-').length).toBeGreaterThan(0);
    // page 2, then a search: back to page 1 of 10
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, size: 10 }), expect.anything()));
    const name = await screen.findByPlaceholderText('请输入名称');
    await user.type(name, '  甲 ');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ page: 0, size: 10, filters: { filter: '甲' }, sort: [] }, expect.anything()));
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ page: 0, size: 10, filters: {}, sort: [] }, expect.anything()));
    // the form draws its fields anew on a reset: read the field again
    await waitFor(() => expect(screen.getByPlaceholderText('请输入名称')).toHaveValue(''));
    // 列设置: hiding every column is refused
    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(await screen.findByRole('checkbox', { name: '列展示' }));
    expect(await screen.findByText('请至少选择一列')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '名称' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '状态' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '状态' })).not.toBeInTheDocument());
  });
});

describe('useActionColumn', { timeout: 60_000 }, () => {
  const onEdit = vi.fn();
  const extra = vi.fn();
  const actions = (remove = vi.fn(async () => undefined), reload = vi.fn()) => ({
    onEdit,
    remove,
    reload,
    extra: [{ key: 'reset', label: '改密', perm: 'x:edit', onClick: extra }],
    canDelete: (r: Row) => !r.locked,
  });

  it('shows nothing to a user without x:edit or x:del', async () => {
    wrap(<Table selection={false} serial={false} actions={actions()} />, []);
    expect(await screen.findByText('乙')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑|删\s*除|改密/ })).not.toBeInTheDocument();
  });
  it('x:edit gives 编辑 and the extra action, not 删除', async () => {
    const user = userEvent.setup();
    wrap(<Table selection={false} serial={false} actions={actions()} />, ['x:edit']);
    const row = (await screen.findByText('乙')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
    await user.click(within(row).getByRole('button', { name: /改密/ }));
    expect(extra).toHaveBeenCalledWith(rows[1]);
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
  });
  it('x:del gives 删除: greyed out where canDelete says no, else confirm, remove, reload', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(async () => undefined);
    const reload = vi.fn();
    wrap(<Table selection={false} serial={false} actions={actions(remove, reload)} />, ['x:del']);
    const locked = (await screen.findByText('甲')).closest('tr')!;
    expect(within(locked).getByRole('button', { name: /删\s*除/ })).toBeDisabled();
    expect(within(locked).queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    const row = screen.getByText('乙').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('此操作将永久删除该信息, 是否继续?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith(rows[1]);
  });
});
