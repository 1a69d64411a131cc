import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { PermissionsProvider } from '@/shared/lib/access';
import { DataTable, useActionColumn, type ActionColumnOptions, type DataColumn } from '.';
import { foldActions, VISIBLE_ACTIONS, widestRow } from './actions';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [{ id: 1, name: '甲' }];

function wrap(node: ReactNode, held: string[]) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <PermissionsProvider value={held}>
        <AntApp>{node}</AntApp>
      </PermissionsProvider>
    </Providers>,
  );
}

function Table({ options }: { options: Omit<ActionColumnOptions<Row>, 'perm'> }) {
  const actions = useActionColumn<Row>({ perm: 'x', ...options });
  const columns: DataColumn<Row>[] = [{ title: '名称', dataIndex: 'name', search: false }, actions];
  return <DataTable<Row> title="表" columns={columns} request={async () => ({ content: rows, totalElements: 1 })} />;
}

const extra = (n: number, onClick = vi.fn()) =>
  Array.from({ length: n }, (_, i) => ({ key: `a${i}`, label: `动作${i + 1}`, perm: `x:a${i}`, onClick }));

/** The inline buttons of the first row's 操作 cell, by their text. */
async function rowButtons() {
  const cell = (await screen.findByText('甲')).closest('tr')!;
  return within(cell)
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim())
    .filter((s) => s && !/^$/.test(s));
}

const entry = (key: string) => ({ key, label: key, onClick: () => undefined });

// issue 33: six buttons made the pinned 操作 column ~400 px at 1366 px
describe('row actions: at most three a row, the rest in 更多', { timeout: 60_000 }, () => {
  it('folds all but the first three into 更多, before the page’s own 更多 entries', () => {
    const inline = ['编辑', '详情', '提交', '终止', '删除'].map(entry);
    const { shown, folded } = foldActions(inline, [entry('查看')]);
    expect(shown.map((e) => e.key)).toEqual(['编辑', '详情', '提交']);
    expect(folded.map((e) => e.key)).toEqual(['终止', '删除', '查看']);
    expect(VISIBLE_ACTIONS).toBe(3);
  });
  it('three or fewer and no 更多 entries: all inline, no menu', () => {
    const { shown, folded } = foldActions(['编辑', '删除'].map(entry), []);
    expect(shown).toHaveLength(2);
    expect(folded).toEqual([]);
  });
  it('the column is sized for three buttons and 更多, not for all of them', () => {
    const all = ['编辑', '详情', '标记已签署', '终止', '删除'].map((text) => ({ text }));
    const { shown, folds } = widestRow(all, undefined, false);
    expect(folds).toBe(true);
    expect(shown).toHaveLength(3);
    expect(shown).toContain('标记已签署');
  });

  it('a row with six actions shows three buttons and 更多, which holds the rest; 删除 there still asks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const remove = vi.fn().mockResolvedValue(undefined);
    wrap(<Table options={{ onEdit: vi.fn(), extra: extra(4, onClick), remove }} />, ['admin']);
    expect(await rowButtons()).toEqual(['编辑', '动作1', '动作2', '更多']);
    await user.click(screen.getByRole('button', { name: /更多/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['动作3', '动作4', '删除']);
    await user.click(within(menu).getByText('动作4'));
    expect(onClick).toHaveBeenCalledWith(rows[0]);
    await user.click(screen.getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('此操作将永久删除该信息, 是否继续?')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });

  it('only the buttons the user holds count: two held, two shown, no 更多', async () => {
    wrap(<Table options={{ onEdit: vi.fn(), extra: extra(4), remove: vi.fn() }} />, ['x:edit', 'x:a2']);
    expect(await rowButtons()).toEqual(['编辑', '动作3']);
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
  });

  it('a 更多 entry the user does not hold is not offered', async () => {
    const more = [{ key: 'm', label: '归档', perm: 'x:archive', onClick: vi.fn() }];
    wrap(<Table options={{ onEdit: vi.fn(), more }} />, ['x:edit']);
    expect(await rowButtons()).toEqual(['编辑']);
  });
});
