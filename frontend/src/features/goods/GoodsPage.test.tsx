import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App } from 'antd';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import GoodsPage from './GoodsPage';
import { priceRange } from './query';

let bff: FakeBff;

const row = (id: number, code: string, price: string, maxPrice: string, stock: number, lowSkus = 0) => ({
  id,
  name: `商品${code}`,
  code,
  category: 'home',
  price,
  maxPrice,
  cost: '1.00',
  stock,
  lowSkus,
  status: 'on_sale',
  agencyId: null,
  agencyName: '',
  mainPicture: '',
  gallery: [],
  createTime: '2026-11-28 10:00:00',
  groundingTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
});

const sku = (id: number, specs: string[], price: string, stock: number, lowStock: number, onSale = true) => ({
  id,
  code: `TEE-${id}`,
  barcode: '',
  specs,
  price,
  cost: '5.00',
  stock,
  lowStock,
  onSale,
});

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/goods', () => ({
    status: 200,
    body: { content: [row(1, 'TEE', '29.00', '39.00', 23, 1), row(2, 'CUP', '12.50', '12.50', 20)], totalElements: 2 },
  }));
  bff.on('GET /api/goods/1', () => ({
    status: 200,
    body: {
      ...row(1, 'TEE', '29.00', '39.00', 23),
      description: '',
      specs: [
        { name: '颜色', values: ['红', '蓝', '黑'] },
        { name: '尺码', values: ['S'] },
      ],
      skus: [sku(11, ['红', 'S'], '29.00', 20, 10), sku(12, ['蓝', 'S'], '39.00', 3, 5), sku(13, ['黑', 'S'], '39.00', 0, 5, false)],
    },
  }));
  bff.on('GET /api/categories/tree', () => ({
    status: 200,
    body: [{ id: 4, pid: 0, name: '家居', nameEn: 'Home', code: 'home', sort: 4, enabled: true, createTime: '2026-01-01 00:00:00', children: [] }],
  }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

/** The router's location and navigate, as the test's own links and back button. */
const at: { path: string; navigate: NavigateFunction | null } = { path: '', navigate: null };
function Probe() {
  const location = useLocation();
  at.path = location.pathname + location.search;
  at.navigate = useNavigate();
  return null;
}

function renderPage(path = '/mall/goods') {
  render(
    <Providers container={null} styleCache={createCache()}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <GoodsPage />
          <Probe />
        </MemoryRouter>
      </App>
    </Providers>,
  );
}

describe('商品管理 list', () => {
  it('售价 is the range of the SKUs, one price when they agree', () => {
    expect(priceRange('29.00', '39.00')).toBe('¥29.00 – ¥39.00');
    expect(priceRange('12.50', '12.50')).toBe('¥12.50');
    expect(priceRange('12.50', undefined)).toBe('¥12.50');
  });

  it('shows the price range and the total stock, and a row opens to its SKUs with 库存预警', async () => {
    useSession.setState({ roles: ['goods:list'] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    const tee = (await screen.findByText('商品TEE')).closest('tr') as HTMLElement;
    expect(within(tee).getByText('¥29.00 – ¥39.00')).toBeInTheDocument();
    // the total, marked when a SKU is low
    expect(within(tee).getByText('23')).toHaveAttribute('title', '1 个SKU库存预警');
    const cup = screen.getByText('商品CUP').closest('tr') as HTMLElement;
    expect(within(cup).getByText('¥12.50')).toBeInTheDocument();
    expect(within(cup).getByText('20')).not.toHaveAttribute('title');

    await user.click(within(tee).getByRole('button', { name: /展开行|expand row/i }));
    const skus = await screen.findByRole('table', { name: 'SKU' });
    await within(skus).findByText('TEE-11');
    const line = (code: string) => within(skus).getByText(code).closest('tr') as HTMLElement;
    expect(within(line('TEE-11')).getByText('红 / S')).toBeInTheDocument();
    expect(within(line('TEE-11')).queryByText('库存预警')).toBeNull();
    // at or under its threshold: low; a SKU not on sale is not counted
    expect(within(line('TEE-12')).getByText('库存预警')).toBeInTheDocument();
    expect(within(line('TEE-12')).getByText('¥39.00')).toBeInTheDocument();
    expect(within(line('TEE-13')).queryByText('库存预警')).toBeNull();
    expect(within(line('TEE-13')).getByText('未上架')).toBeInTheDocument();
    await waitFor(() => expect(bff.calls.filter((c) => c.path === '/api/goods/1')).toHaveLength(1));
  });
});

describe('商品管理 dialog', () => {
  const sent = (method: string) => JSON.parse(String(bff.calls.find((c) => c.method === method && c.path === '/api/goods')?.data)) as Record<string, unknown>;

  it('edits goods with specs: its SKU rows come back, and the save sends specs and skus', async () => {
    useSession.setState({ roles: ['goods:list', 'goods:edit'] });
    bff.on('PUT /api/goods', () => ({ status: 204, body: '' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    const tee = (await screen.findByText('商品TEE')).closest('tr') as HTMLElement;
    await user.click(within(tee).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const price = await within(dialog).findByRole('textbox', { name: '售价 红 / S' });
    expect(price).toHaveValue('29.00');
    // with specs the goods-wide 售价 and 库存 give way to the rows'
    expect(within(dialog).queryByLabelText('预警值')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: '规格名 1' })).toHaveValue('颜色');
    await user.clear(price);
    await user.type(price, '25');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = sent('PUT');
    expect(body).toMatchObject({ id: 1, code: 'TEE', price: '25.00', stock: 23 });
    expect(body.specs).toEqual([
      { name: '颜色', values: ['红', '蓝', '黑'] },
      { name: '尺码', values: ['S'] },
    ]);
    // the rows keep their ids
    expect(body.skus).toEqual([
      { id: 11, code: 'TEE-11', barcode: '', specs: ['红', 'S'], price: '25.00', cost: '5.00', stock: 20, lowStock: 10, onSale: true },
      { id: 12, code: 'TEE-12', barcode: '', specs: ['蓝', 'S'], price: '39.00', cost: '5.00', stock: 3, lowStock: 5, onSale: true },
      { id: 13, code: 'TEE-13', barcode: '', specs: ['黑', 'S'], price: '39.00', cost: '5.00', stock: 0, lowStock: 5, onSale: false },
    ]);
  });

  it('checks the SKU table before saving; without specs the plain fields make the one SKU', async () => {
    useSession.setState({ roles: ['goods:list', 'goods:add'] });
    bff.on('POST /api/goods', () => ({ status: 201, body: { id: 3 } }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('商品名称'), '保温杯');
    await user.type(within(dialog).getByLabelText('商品编码'), 'CUP-9');
    fireEvent.mouseDown(within(dialog).getByText('商品分类', { selector: 'label' }).closest('.ant-form-item')?.querySelector('.ant-select-selector') as HTMLElement);
    await user.click((await screen.findAllByTitle('家居')).at(-1)!);
    await user.type(within(dialog).getByLabelText('售价'), '12.5');
    await user.type(within(dialog).getByLabelText('库存'), '8');
    expect(within(dialog).getByLabelText('预警值')).toHaveValue('10');
    await user.clear(within(dialog).getByLabelText('预警值'));
    await user.type(within(dialog).getByLabelText('预警值'), '3');

    // a dimension: the rows need their own 售价, and the save says so
    await user.click(within(dialog).getByRole('button', { name: /添加规格/ }));
    await user.type(within(dialog).getByRole('textbox', { name: '规格名 1' }), '颜色');
    await user.type(within(dialog).getByRole('textbox', { name: '规格值 1' }), '红{Enter}');
    expect(within(dialog).queryByLabelText('预警值')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('第 1 行：请输入售价')).toBeInTheDocument();
    // the cell at fault is marked, the others are not
    const cell = (name: string) => within(dialog).getByRole('textbox', { name }).closest('.ant-input-affix-wrapper');
    expect(cell('售价 红')).toHaveClass('ant-input-status-error');
    expect(within(dialog).getByRole('textbox', { name: '售价 红' })).toHaveAttribute('title', '第 1 行：请输入售价');
    expect(cell('成本 红')).not.toHaveClass('ant-input-status-error');
    expect(bff.calls.some((c) => c.method === 'POST')).toBe(false);

    // without it again, the plain fields (as typed) are the one SKU
    await user.click(within(dialog).getByRole('button', { name: '删除规格 1' }));
    expect(within(dialog).getByLabelText('预警值')).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sent('POST')).toMatchObject({
      code: 'CUP-9',
      category: 'home',
      price: '12.50',
      stock: 8,
      specs: [],
      skus: [{ code: 'CUP-9', barcode: '', specs: [], price: '12.50', cost: '0.00', stock: 8, lowStock: 3, onSale: true }],
    });
  });
});

describe('商品管理 filters in the URL', () => {
  it('writes the searched filters to the query (replacing the entry) and reads them back on back', async () => {
    useSession.setState({ roles: ['goods:list'] });
    const asked: Record<string, unknown>[] = [];
    bff.on('GET /api/goods', (config) => {
      asked.push({ ...(config.params as Record<string, unknown>) });
      return { status: 200, body: { content: [], totalElements: 0 } };
    });
    renderPage('/mall/goods?status=on_sale');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ status: 'on_sale' }));
    fireEvent.change(screen.getByLabelText('名称/编码'), { target: { value: '杯' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(at.path).toBe('/mall/goods?blurry=%E6%9D%AF&status=on_sale'));
    // another page's link to it, then back: the filters of the entry before
    act(() => void at.navigate!('/mall/goods?lowStock=1'));
    await waitFor(() => expect(asked.at(-1)).toEqual(expect.objectContaining({ lowStock: '1' })));
    expect(asked.at(-1)).not.toHaveProperty('status');
    expect(screen.getByLabelText('名称/编码')).toHaveValue('');
    act(() => void at.navigate!(-1));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ blurry: '杯', status: 'on_sale' }));
    expect(screen.getByLabelText('名称/编码')).toHaveValue('杯');
  });
});
