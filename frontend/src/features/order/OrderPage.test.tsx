import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession, type UserProfile } from '@/features/auth';
import { adminInfo, fakeBff, type FakeBff } from '@/test/fakeBff';
import OrderPage from './OrderPage';

let bff: FakeBff;

const row = (id: number, status: string) => ({
  id,
  orderNo: `NO${id}`,
  customerName: '王五',
  phone: '138****5678',
  amount: '47.98',
  freight: '8.00',
  payTime: '',
  agencyId: null,
  agencyName: '',
  status,
  expressCompany: '',
  trackingNo: '',
  shipTime: '',
  remark: '',
  createTime: '2026-01-01 10:00:00',
});

const AGENCIES = [
  { id: 1, name: '杭州云栖商贸有限公司', code: 'HZYQ', enabled: true },
  { id: 2, name: '成都锦程供应链有限公司', code: 'CDJC', enabled: false },
];

/** The router's location and navigate, as the test's own links and back button. */
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
          <OrderPage />
          <Probe />
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/orders', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return {
      status: 200,
      body: {
        content: [
          { ...row(1, 'paid'), agencyId: 1, agencyName: AGENCIES[0].name },
          row(2, 'unpaid'),
          // partly refunded by an after-sales case: keeps its status (issue 29)
          { ...row(3, 'shipped'), refunded: '12.00' },
          { ...row(4, 'refunded'), refunded: '47.98' },
        ],
        totalElements: 4,
      },
    };
  });
  bff.on('GET /api/orders/counts', () => ({
    status: 200,
    body: { all: 9, unpaid: 1, paid: 2, shipped: 3, completed: 1, closed: 1, refunded: 1 },
  }));
  bff.on('GET /api/agencies/options', (config) => {
    const { blurry = '', ids } = config.params as { blurry?: string; ids?: string };
    bff.calls.push({ method: 'OPTIONS', path: `blurry=${blurry} ids=${ids ?? ''}`, data: null, headers: {} });
    const wanted = ids?.split(',').map(Number);
    return { status: 200, body: AGENCIES.filter((a) => (wanted ? wanted.includes(a.id) : a.name.includes(blurry) || a.code.includes(blurry))) };
  });
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [], totalElements: 0 } }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [], user: null });
});

describe('订单管理', { timeout: 60_000 }, () => {
  it('opens on the status of the link, shows the counts, offers only the moves the status and the roles allow', async () => {
    useSession.setState({ roles: ['order:list', 'order:ship', 'order:close'] });
    render(
      <MemoryRouter initialEntries={['/mall/order?status=paid&orderNo=NO']}>
        <Providers container={null} styleCache={createCache()}>
          <AntApp>
            <OrderPage />
          </AntApp>
        </Providers>
      </MemoryRouter>,
    );
    const paid = (await screen.findByText('NO1')).closest('tr')!;
    expect(bff.queries[0]).toMatchObject({ status: 'paid', orderNo: 'NO', page: 0, size: 10 });
    expect(screen.getByRole('tab', { name: '待发货 (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '全部 (9)' })).toBeInTheDocument();
    // 发货 needs order:ship and a paid order; 退款 is not held; 关闭 is for unpaid orders
    expect(within(paid).queryByRole('button', { name: /发\s*货/ })).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /退\s*款/ })).toBeNull();
    expect(within(paid).queryByRole('button', { name: /关\s*闭/ })).toBeNull();
    const unpaid = screen.getByText('NO2').closest('tr')!;
    expect(within(unpaid).queryByRole('button', { name: /关\s*闭/ })).toBeInTheDocument();
    expect(within(unpaid).queryByRole('button', { name: /发\s*货/ })).toBeNull();
    expect(within(paid).getByText('¥47.98').closest('td')).toHaveStyle({ textAlign: 'right' });
  });

  it('exports the 快递 column as the company (the BFF writes its name) and the number', async () => {
    useSession.setState({ roles: ['order:list', 'order:export'] });
    bff.on('POST /api/orders/downloadAll', () => ({ status: 200, body: new Blob(['x']) }));
    renderAt('/mall/order');
    await screen.findByText('NO1');
    fireEvent.click(screen.getByRole('button', { name: /导出全部/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.path === '/api/orders/downloadAll')).toBe(true));
    const body = JSON.parse(String(bff.calls.find((c) => c.path === '/api/orders/downloadAll')?.data)) as { fields: string[]; headers: string[] };
    const at = body.fields.indexOf('expressCompany');
    expect(at).toBeGreaterThan(-1);
    expect(body.fields[at + 1]).toBe('trackingNo');
    expect(body.headers.slice(at, at + 2)).toEqual(['快递公司', '快递单号']);
    // the amount and what the order's after-sales cases refunded, side by side (issue 29)
    const amount = body.fields.indexOf('amount');
    expect(body.fields.slice(amount, amount + 2)).toEqual(['amount', 'refunded']);
    expect(body.headers.slice(amount, amount + 2)).toEqual(['订单金额', '已退款金额']);
  });

  it('opens a dashboard link with a date range, whatever form the dates take', async () => {
    useSession.setState({ roles: ['order:list'] });
    renderAt('/mall/order?status=refunded&startTime=2026-11-01%2000:00:00&endTime=2026-11-28%2023:59:59');
    await screen.findByText('NO1');
    expect(bff.queries[0]).toMatchObject({ status: 'refunded', startTime: '2026-11-01', endTime: '2026-11-28' });
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-11-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-11-28');
  });

  it('shows agencies by name, filters by an agency picked by name, and a preset agencyId shows its name', async () => {
    useSession.setState({ roles: ['order:list', 'agency:list'] });
    renderAt('/mall/order?agencyId=1');
    const paid = (await screen.findByText('NO1')).closest('tr')!;
    expect(bff.queries[0]).toMatchObject({ agencyId: 1 });
    // the name links to the agency's /look page (agency:list); the shop's own order says 自营
    expect(within(paid).getByRole('link', { name: AGENCIES[0].name })).toHaveAttribute('href', '/look?type=agency&id=1');
    expect(within(screen.getByText('NO2').closest('tr')!).getByText('自营')).toBeInTheDocument();
    // the preset id is fetched by id and shown by its name in the filter
    const picker = screen.getByRole('combobox', { name: '渠道' });
    const field = picker.closest('.ant-select')!;
    await waitFor(() => expect(within(field as HTMLElement).getByText(AGENCIES[0].name)).toBeInTheDocument());
    // typing searches the BFF after a pause; a disabled agency is offered, marked
    fireEvent.mouseDown(field.querySelector('.ant-select-selector')!);
    fireEvent.change(picker, { target: { value: 'CDJC' } });
    const option = await screen.findByText(AGENCIES[1].name, { selector: '.ant-select-item-option-content span' });
    expect(bff.calls.filter((c) => c.method === 'OPTIONS').map((c) => c.path)).toEqual(['blurry= ids=1', 'blurry=CDJC ids=']);
    expect(within(option.closest('.ant-select-item-option')!).getByText('已停用')).toBeInTheDocument();
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ agencyId: 2 }));
  });

  it('offers a channel session no agency filter and no link to 渠道管理', async () => {
    useSession.setState({ roles: ['order:list', 'agency:list'], user: { ...adminInfo.user, kind: 'channel' } as UserProfile });
    renderAt('/mall/order');
    const paid = (await screen.findByText('NO1')).closest('tr')!;
    expect(within(paid).getByText(AGENCIES[0].name)).toBeInTheDocument();
    expect(within(paid).queryByRole('link', { name: AGENCIES[0].name })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '渠道' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '订单号' })).toBeInTheDocument();
  });

  it('keeps the tab and the searched filters in the URL, and a second link or back sets them again', async () => {
    useSession.setState({ roles: ['order:list'] });
    renderAt('/mall/order');
    await screen.findByText('NO1');
    fireEvent.click(screen.getByRole('tab', { name: /待发货/ }));
    await waitFor(() => expect(at.path).toBe('/mall/order?status=paid'));
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: 'NO7' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(at.path).toBe('/mall/order?orderNo=NO7&status=paid'));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ status: 'paid', orderNo: 'NO7' }));

    // a link to the open page (kept alive in its tab) with another query filters it again
    act(() => void at.navigate!('/mall/order?orderNo=X9&startTime=2026-11-01&endTime=2026-11-28'));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ orderNo: 'X9', startTime: '2026-11-01', endTime: '2026-11-28' }));
    expect(bff.queries.at(-1)).not.toHaveProperty('status');
    expect(screen.getByLabelText('订单号')).toHaveValue('X9');
    expect(screen.getByRole('tab', { name: /全部/ })).toHaveAttribute('aria-selected', 'true');

    // back: the tab and the filters before the link (the tab's entry, the search replaced it)
    act(() => void at.navigate!(-1));
    await waitFor(() => expect(screen.getByRole('tab', { name: /待发货/ })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(bff.queries.at(-1)).toMatchObject({ status: 'paid', orderNo: 'NO7' }));
    expect(bff.queries.at(-1)).not.toHaveProperty('startTime');
    expect(screen.getByLabelText('订单号')).toHaveValue('NO7');

    // 重置 empties the filters and the URL keeps only the tab
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(at.path).toBe('/mall/order?status=paid'));
  });

  it('shows 已退款 under the amount of a partly refunded order only', async () => {
    useSession.setState({ roles: ['order:list'] });
    renderAt('/mall/order');
    const partly = (await screen.findByText('NO3')).closest('tr')!;
    expect(within(partly).getByText('已退款 ¥12.00')).toBeInTheDocument();
    expect(within(partly).getByText('¥47.98')).toBeInTheDocument();
    expect(within(screen.getByText('NO4').closest('tr')!).queryByText(/已退款 ¥/)).toBeNull();
    expect(within(screen.getByText('NO1').closest('tr')!).queryByText(/已退款 ¥/)).toBeNull();
  });

  it("edits a remark from the row's 更多 for order:edit, the dialog holding the remark, and reloads", async () => {
    useSession.setState({ roles: ['order:list', 'order:edit'] });
    bff.on('PUT /api/orders/2/remark', () => ({ status: 204, body: null }));
    bff.on('GET /api/orders', (config) => {
      bff.queries.push({ ...(config.params as Record<string, unknown>) });
      return { status: 200, body: { content: [{ ...row(2, 'unpaid'), remark: '周末送货' }], totalElements: 1 } };
    });
    renderAt('/mall/order');
    const tr = (await screen.findByText('NO2')).closest('tr')!;
    const before = bff.queries.length;
    fireEvent.mouseEnter(within(tr).getByRole('button', { name: /更\s*多/ }));
    fireEvent.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    fireEvent.click(await screen.findByText('修改备注'));
    const box = await screen.findByRole('textbox', { name: '备注' });
    expect(box).toHaveValue('周末送货');
    fireEvent.change(box, { target: { value: ' 工作日送货 ' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|提\s*交|保\s*存/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.path === '/api/orders/2/remark')).toBe(true));
    expect(JSON.parse(String(bff.calls.find((c) => c.path === '/api/orders/2/remark')?.data))).toEqual({ remark: '工作日送货' });
    await waitFor(() => expect(bff.queries.length).toBeGreaterThan(before));
  });

  it('offers no 修改备注 without order:edit', async () => {
    useSession.setState({ roles: ['order:list', 'order:detail'] });
    renderAt('/mall/order');
    await screen.findByText('NO1');
    expect(screen.queryByRole('button', { name: /更\s*多/ })).toBeNull();
    expect(screen.queryByText('修改备注')).toBeNull();
  });

  it('shows the rows without waiting for the tab counts, and asks for counts again only when the filters change', async () => {
    useSession.setState({ roles: ['order:list'] });
    let countCalls = 0;
    let answer: (v: { status: number; body: unknown }) => void = () => undefined;
    bff.on('GET /api/orders/counts', () => {
      countCalls++;
      return new Promise((resolve) => (answer = resolve));
    });
    renderAt('/mall/order');
    await screen.findByText('NO1');
    expect(countCalls).toBe(1);
    expect(screen.getByRole('tab', { name: '全部' })).toBeInTheDocument();
    act(() => answer({ status: 200, body: { all: 9, unpaid: 1, paid: 2, shipped: 3, completed: 1, closed: 1, refunded: 1 } }));
    await screen.findByRole('tab', { name: '全部 (9)' });
    // another tab: rows of that status, the same counts
    const before = bff.queries.length;
    fireEvent.click(screen.getByRole('tab', { name: /待发货/ }));
    await waitFor(() => expect(bff.queries.length).toBeGreaterThan(before));
    expect(bff.queries.at(-1)).toMatchObject({ status: 'paid' });
    expect(countCalls).toBe(1);
    // another filter: counted again
    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: 'NO7' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(countCalls).toBe(2));
  });

  it('keeps a filtered list as it was when its bare path is opened again (the sidebar), asking for nothing', async () => {
    useSession.setState({ roles: ['order:list'] });
    renderAt('/mall/order?status=paid&orderNo=NO');
    await screen.findByText('NO1');
    await waitFor(() => expect(bff.queries.length).toBe(1));
    const counts = bff.calls.filter((c) => c.path === '/api/orders/counts').length;
    act(() => void at.navigate!('/mall/order'));
    await waitFor(() => expect(at.path).toBe('/mall/order?status=paid&orderNo=NO'));
    expect(screen.getByRole('tab', { name: /待发货/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('订单号')).toHaveValue('NO');
    await new Promise((r) => setTimeout(r, 300));
    expect(bff.queries.length).toBe(1);
    expect(bff.calls.filter((c) => c.path === '/api/orders/counts').length).toBe(counts);
  });
});
