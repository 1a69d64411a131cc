import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { clearDicts } from '@/shared/ui/dict';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import AftersalePage from './AftersalePage';
import { caseDetail, caseRow } from './testkit';

let bff: FakeBff;

const ROWS = [
  caseRow(1, 'applied'),
  caseRow(2, 'returned'),
  caseRow(3, 'received'),
  caseRow(4, 'refunding', { type: 'refund', refundState: 'approving' }),
  caseRow(5, 'refunded', { type: 'refund', refundState: 'done' }),
];

const at: { path: string; navigate: NavigateFunction | null } = { path: '', navigate: null };
function Probe() {
  const location = useLocation();
  at.path = location.pathname + location.search;
  at.navigate = useNavigate();
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <AftersalePage />
          <Probe />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/aftersales', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: ROWS, totalElements: ROWS.length } };
  });
  bff.on('GET /api/aftersales/counts', () => ({
    status: 200,
    body: { all: 12, applied: 3, approved: 0, awaiting_return: 1, returned: 2, received: 1, refunding: 1, refunded: 2, rejected: 1, cancelled: 1 },
  }));
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [{ value: 'quality', label: '质量问题' }], totalElements: 1 } }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  clearDicts();
  useSession.setState({ roles: [], user: null });
});

const rowOf = (no: string) => screen.getByText(no, { selector: 'a' }).closest('tr')!;
const buttons = (tr: HTMLElement) =>
  within(tr)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''))
    .filter((x) => x && x !== '');

describe('售后管理', { timeout: 60_000 }, () => {
  it('opens on the status of the link, shows every tab with its count, and the reason by its dictionary label', async () => {
    useSession.setState({ roles: ['aftersale:list'] });
    renderAt('/mall/aftersale?status=applied&orderNo=NO');
    await screen.findByText('AS1', { selector: 'a' });
    expect(bff.queries[0]).toMatchObject({ status: 'applied', orderNo: 'NO', page: 0, size: 10 });
    expect(screen.getByRole('tab', { name: '申请中 (3)' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['全部 (12)', '待买家退货 (1)', '买家已发货 (2)', '已收货 (1)', '退款中 (1)', '已退款 (2)', '已拒绝 (1)', '已撤销 (1)', '已同意 (0)']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    // the counts are asked without the tab's status, with the same filters
    const counts = bff.calls.find((c) => c.path === '/api/aftersales/counts');
    expect(counts).toBeDefined();
    await waitFor(() => expect(within(rowOf('AS1')).getByText('质量问题')).toBeInTheDocument());
    expect(within(rowOf('AS1')).getByText('¥47.98').closest('td')).toHaveStyle({ textAlign: 'right' });
    expect(within(rowOf('AS4')).getByText('退款审批中')).toBeInTheDocument();
  });

  it('offers each row the moves its status allows, each behind its own permission', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:audit'] });
    renderAt('/mall/aftersale');
    await screen.findByText('AS1', { selector: 'a' });
    // audit: 同意 and 拒绝 of an applied case; 拒绝 of a returned one; nothing to receive or refund
    expect(buttons(rowOf('AS1'))).toEqual(['详情', '同意', '拒绝']);
    expect(buttons(rowOf('AS2'))).toEqual(['详情', '拒绝']);
    expect(buttons(rowOf('AS3'))).toEqual(['详情', '拒绝']);
    // waiting on its 退款审批: still refusable, not refundable again
    expect(buttons(rowOf('AS4'))).toEqual(['详情', '拒绝']);
    expect(buttons(rowOf('AS5'))).toEqual(['详情']);
    expect(screen.getByRole('button', { name: /代客申请/ })).toBeInTheDocument();
  });

  it('offers 确认收货 and 退款 to their holders only, and no 代客申请 without aftersale:audit', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:receive', 'aftersale:refund'] });
    renderAt('/mall/aftersale');
    await screen.findByText('AS1', { selector: 'a' });
    expect(buttons(rowOf('AS1'))).toEqual(['详情']);
    expect(buttons(rowOf('AS2'))).toEqual(['详情', '确认收货']);
    expect(buttons(rowOf('AS3'))).toEqual(['详情', '退款']);
    expect(buttons(rowOf('AS4'))).toEqual(['详情']);
    expect(screen.queryByRole('button', { name: /代客申请/ })).toBeNull();
  });

  it('exports the shown columns with the searched filters to aftersale:export holders only', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:export'] });
    bff.on('POST /api/aftersales/downloadAll', () => ({ status: 200, body: new Blob(['x']) }));
    renderAt('/mall/aftersale?status=returned&type=return');
    await screen.findByText('AS1', { selector: 'a' });
    fireEvent.click(screen.getByRole('button', { name: /导出全部/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.path === '/api/aftersales/downloadAll')).toBe(true));
    const body = JSON.parse(String(bff.calls.find((c) => c.path === '/api/aftersales/downloadAll')?.data)) as { fields: string[]; headers: string[] };
    expect(body).toMatchObject({ status: 'returned', type: 'return' });
    expect(body.fields.slice(0, 4)).toEqual(['caseNo', 'status', 'type', 'amount']);
    expect(body.headers.slice(0, 4)).toEqual(['售后单号', '状态', '类型', '退款金额']);
    expect(body.fields).not.toContain('option');
    cleanup();
    useSession.setState({ roles: ['aftersale:list'] });
    renderAt('/mall/aftersale');
    await screen.findByText('AS1', { selector: 'a' });
    expect(screen.queryByRole('button', { name: /导出全部/ })).toBeNull();
  });

  it('keeps the tab and the searched filters in the URL, and a link to the open page sets them again', async () => {
    useSession.setState({ roles: ['aftersale:list'] });
    renderAt('/mall/aftersale');
    await screen.findByText('AS1', { selector: 'a' });
    fireEvent.click(screen.getByRole('tab', { name: /买家已发货/ }));
    await waitFor(() => expect(at.path).toBe('/mall/aftersale?status=returned'));
    fireEvent.change(screen.getByLabelText('售后单号'), { target: { value: 'AS7' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1381' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(at.path).toBe('/mall/aftersale?caseNo=AS7&phone=1381&status=returned'));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ status: 'returned', caseNo: 'AS7', phone: '1381' }));

    act(() => void at.navigate!('/mall/aftersale?type=return&startTime=2026-11-01&endTime=2026-11-28'));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ type: 'return', startTime: '2026-11-01', endTime: '2026-11-28' }));
    expect(bff.queries.at(-1)).not.toHaveProperty('status');
    expect(bff.queries.at(-1)).not.toHaveProperty('caseNo');
    expect(screen.getByRole('tab', { name: /全部/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-11-01');
  });

  it('refuses a manual refund without its voucher number and picture; a 202 says the refund went to approval', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:refund'] });
    const bodies: unknown[] = [];
    bff.on('POST /api/aftersales/3/refund', (config) => {
      bodies.push(JSON.parse(String(config.data)));
      return { status: 202, body: caseDetail({ ...ROWS[2], status: 'refunding', refundState: 'approving', instanceId: 9 }) };
    });
    renderAt('/mall/aftersale');
    await screen.findByText('AS3', { selector: 'a' });
    await userEvent.click(within(rowOf('AS3')).getByRole('button', { name: /退\s*款/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('退款：AS3');
    expect(within(dialog).getByText('本次退款 ¥47.98')).toBeInTheDocument();
    // 线下转账 is the default: its voucher number and picture are required
    expect(within(dialog).getByRole('radio', { name: '线下转账' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(dialog).getAllByText('该项为必填项，不能为空')).toHaveLength(2));
    expect(bodies).toEqual([]);

    // 支付网关 needs neither; the BFF answers 202: a 退款审批 was started
    await userEvent.click(within(dialog).getByRole('radio', { name: '支付网关' }));
    expect(within(dialog).queryByLabelText('凭证号')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodies).toEqual([{ provider: 'gateway' }]));
    expect(await screen.findByText('金额超过审批线，已提交退款审批')).toBeInTheDocument();
  });

  it('sends a manual refund with the voucher number and the uploaded picture', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:refund'] });
    const bodies: unknown[] = [];
    bff.on('POST /api/contract/upload', () => ({
      status: 200,
      body: { id: 77, url: '/api/files/k.png', originalName: 'k.png', uri: '/api/files/k.png', readUrl: '/api/files/k.png', downloadUrl: '/api/files/k.png/download' },
    }));
    bff.on('POST /api/aftersales/3/refund', (config) => {
      bodies.push(JSON.parse(String(config.data)));
      return { status: 200, body: caseDetail({ ...ROWS[2], status: 'refunded', refundState: 'done' }) };
    });
    renderAt('/mall/aftersale');
    await screen.findByText('AS3', { selector: 'a' });
    await userEvent.click(within(rowOf('AS3')).getByRole('button', { name: /退\s*款/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByLabelText('凭证号'), ' TX-001 ');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'k.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByText('k.png')).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodies).toEqual([{ provider: 'manual', voucherNo: 'TX-001', voucherFileId: 77 }]));
    expect(await screen.findByText('退款成功')).toBeInTheDocument();
  });

  it('requires a reason to reject, and sends it', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:audit'] });
    const bodies: unknown[] = [];
    bff.on('POST /api/aftersales/1/reject', (config) => {
      bodies.push(JSON.parse(String(config.data)));
      return { status: 200, body: caseDetail({ ...ROWS[0], status: 'rejected' }) };
    });
    renderAt('/mall/aftersale');
    await screen.findByText('AS1', { selector: 'a' });
    await userEvent.click(within(rowOf('AS1')).getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('拒绝售后：AS1');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('该项为必填项，不能为空');
    expect(bodies).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('拒绝原因'), '已超过七天');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodies).toEqual([{ reason: '已超过七天' }]));
  });

  it('approves a return with the return address given, and confirms receipt of damaged goods', async () => {
    useSession.setState({ roles: ['aftersale:list', 'aftersale:audit', 'aftersale:receive'] });
    const sent: Array<[string, unknown]> = [];
    bff.on('POST /api/aftersales/1/approve', (config) => {
      sent.push(['approve', JSON.parse(String(config.data))]);
      return { status: 200, body: caseDetail({ ...ROWS[0], status: 'awaiting_return' }) };
    });
    bff.on('POST /api/aftersales/2/receive', (config) => {
      sent.push(['receive', JSON.parse(String(config.data))]);
      return { status: 200, body: caseDetail({ ...ROWS[1], status: 'received', damaged: true }) };
    });
    renderAt('/mall/aftersale');
    await screen.findByText('AS1', { selector: 'a' });
    await userEvent.click(within(rowOf('AS1')).getByRole('button', { name: /同\s*意/ }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByLabelText('退货地址'), '上海市浦东新区世纪大道 1 号 售后部');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toEqual([['approve', { returnAddress: '上海市浦东新区世纪大道 1 号 售后部' }]]));

    await userEvent.click(within(rowOf('AS2')).getByRole('button', { name: /确认收货/ }));
    dialog = (await screen.findByText('确认收货：AS2')).closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '商品已损坏' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.at(-1)).toEqual(['receive', { damaged: true }]));
  });

  it('opens a case in the drawer: items, money with the order’s refunded total, history, and the linked approval', async () => {
    useSession.setState({ roles: ['aftersale:list'] });
    bff.on('GET /api/aftersales/4', () => ({
      status: 200,
      body: caseDetail(ROWS[3], {
        instanceId: 31,
        orderRefunded: '8.00',
        photos: [{ id: 5, readUrl: '/api/files/p.png', originalName: 'p.png' }, 6],
        history: [
          { fromStatus: '', toStatus: 'applied', operator: 'shop', note: '', createTime: '2026-11-20 10:00:00' },
          { fromStatus: 'applied', toStatus: 'approved', operator: 'admin', note: '', createTime: '2026-11-20 11:00:00' },
          { fromStatus: 'approved', toStatus: 'refunding', operator: 'admin', note: '', createTime: '2026-11-20 11:00:00' },
        ],
      }),
    }));
    renderAt('/mall/aftersale');
    await screen.findByText('AS4', { selector: 'a' });
    fireEvent.click(screen.getByText('AS4', { selector: 'a' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('售后单 AS4');
    expect(within(drawer).getByRole('table', { name: '售后商品' })).toHaveTextContent('马克杯');
    const money = within(drawer).getByLabelText('金额');
    expect(money).toHaveTextContent('¥47.98');
    expect(money).toHaveTextContent('订单已退款¥8.00');
    expect(money).toHaveTextContent('退款审批中');
    expect(within(drawer).getByRole('link', { name: '查看审批流程' })).toHaveAttribute('href', '/flowDetail?id=31');
    expect(within(drawer).getByRole('link', { name: 'NO4' })).toHaveAttribute('href', '/look?type=order&id=104');
    expect(within(drawer).getByText('申请中 → 已同意')).toBeInTheDocument();
    expect(within(drawer).getByText('已同意 → 退款中')).toBeInTheDocument();
    expect(within(drawer).getByAltText('p.png')).toBeInTheDocument();
    expect(within(drawer).getByText('#6')).toBeInTheDocument();
    // list only: no moves
    expect(within(drawer).queryByRole('button', { name: /拒\s*绝/ })).toBeNull();
  });
});
