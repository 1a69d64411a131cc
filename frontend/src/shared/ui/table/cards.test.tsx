import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { PermissionsProvider } from '@/shared/lib/access';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { DataTable, useActionColumn, type DataColumn } from '.';
import { cardRoles } from './cards';

interface Row {
  id: number;
  no: string;
  status: string;
  amount: string;
  createTime: string;
  note: string;
  other: string;
}
const rows: Row[] = [
  { id: 1, no: 'HT-001', status: 'signed', amount: '¥1,200.00', createTime: '2026-11-01 10:00:00', note: '备注一', other: '其他' },
  { id: 2, no: 'HT-002', status: 'draft', amount: '¥800.00', createTime: '2026-11-02 11:00:00', note: '备注二', other: '其他' },
];

/** window.matchMedia answering as a window `width` px wide does (min-width / max-width queries). */
function windowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px))),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function wrap(node: ReactNode) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <PermissionsProvider value={['admin']}>
        <AntApp>{node}</AntApp>
      </PermissionsProvider>
    </Providers>,
  );
}

const columns: DataColumn<Row>[] = [
  { title: '合同编号', dataIndex: 'no', search: false },
  { title: '备注', dataIndex: 'note', search: false },
  { title: '状态', dataIndex: 'status', search: false, render: (_, r) => <Tag>{r.status === 'signed' ? '已签署' : '草稿'}</Tag> },
  { title: '其他', dataIndex: 'other', search: false },
  { title: '金额', dataIndex: 'amount', search: false, align: 'right' },
  { className: DATE_CELL, title: '创建时间', dataIndex: 'createTime', search: false },
];

function List() {
  const actions = useActionColumn<Row>({
    perm: 'x',
    onEdit: vi.fn(),
    extra: [
      { key: 'a', label: '详情', perm: 'x:a', onClick: vi.fn() },
      { key: 'b', label: '提交', perm: 'x:b', onClick: vi.fn() },
    ],
    remove: vi.fn(),
  });
  return <DataTable<Row> title="合同" columns={[...columns, actions]} request={async () => ({ content: rows, totalElements: 2 })} />;
}

afterEach(() => vi.restoreAllMocks());

// issue 33: at 390 px a list showed only 序号 and the pinned 操作 column
describe('DataTable on a phone', { timeout: 60_000 }, () => {
  it('picks the heading, the status beside it and the money and time lines', () => {
    const roles = cardRoles(columns);
    expect(roles.title?.title).toBe('合同编号');
    expect(roles.status?.title).toBe('状态');
    expect(roles.fields.map((f) => f.title)).toEqual(['备注', '金额', '创建时间']);
    expect(cardRoles([{ ...columns[0], card: 'hide' }, ...columns.slice(1)]).title?.title).toBe('备注');
  });

  it('at 390 px a row is a card with its number, status, amount, time and three buttons + 更多', async () => {
    windowWidth(390);
    wrap(<List />);
    await screen.findByText('HT-001');
    const cards = within(screen.getByRole('list', { name: '合同' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('序号')).toBeNull();
    const first = within(cards[0]);
    expect(first.getByText('HT-001')).toBeInTheDocument();
    expect(first.getByText('已签署')).toBeInTheDocument();
    expect(first.getByText('金额')).toBeInTheDocument();
    expect(first.getByText('¥1,200.00')).toBeInTheDocument();
    expect(first.getByText('2026-11-01 10:00:00')).toBeInTheDocument();
    expect(first.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['编辑', '详情', '提交', '更多']);
  });

  it('at 1366 px it is the table', async () => {
    windowWidth(1366);
    wrap(<List />);
    expect(await screen.findByText('HT-001')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '合同' })).toBeNull();
  });
});
