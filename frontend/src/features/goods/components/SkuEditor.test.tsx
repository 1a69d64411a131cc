import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useLanguage } from '@/shared/lib/i18n';
import { Form } from 'antd';
import { StyleProvider, createCache } from '@ant-design/cssinjs';
import userEvent from '@testing-library/user-event';
import { SkuEditor } from './SkuEditor';
import { buildSkus, specText, type Matrix } from './skuMatrix';

/** The editor as the dialog's form holds it: the last value it gave is what is shown. */
function renderEditor(initial: Matrix = { specs: [], rows: [] }) {
  const seen: { value: Matrix } = { value: initial };
  function Holder() {
    const [m, setM] = useState(initial);
    return (
      <SkuEditor
        value={m}
        goodsCode="CUP"
        onChange={(next) => {
          seen.value = next;
          setM(next);
        }}
      />
    );
  }
  // under a Form.Item, as in the dialog (the editor reads the item's status); the styles stay out
  // of jsdom (src/test/setup.ts)
  render(
    <StyleProvider cache={createCache()}>
      <Form>
        <Form.Item>
          <Holder />
        </Form.Item>
      </Form>
    </StyleProvider>,
  );
  return seen;
}

const rowsOf = (m: Matrix) => m.rows.map((r) => specText(r.specs));

// typing is a change event: a keystroke at a time redraws the whole table each time, slowly in jsdom
const type = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });
const typeValue = (n: number, v: string) => {
  const box = screen.getByRole('textbox', { name: `规格值 ${n}` });
  type(box, v);
  fireEvent.keyDown(box, { key: 'Enter' });
};

async function addSpec(user: ReturnType<typeof userEvent.setup>, n: number, name: string, values: string[]) {
  await user.click(screen.getByRole('button', { name: /添加规格/ }));
  type(screen.getByRole('textbox', { name: `规格名 ${n}` }), name);
  for (const v of values) typeValue(n, v);
}

describe('the spec editor of the goods dialog', () => {
  const colours = { name: '颜色', values: ['红', '蓝'] };
  const sizes = { name: '尺码', values: ['S', 'M'] };
  const fourRows = (): Matrix => ({ specs: [colours, sizes], rows: buildSkus([colours, sizes], []) });

  it('builds the SKU rows from the dimensions as they are typed', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const seen = renderEditor();
    // no dimension: no table
    expect(screen.queryByRole('table')).toBeNull();

    await addSpec(user, 1, '颜色', ['红', '蓝']);
    await addSpec(user, 2, '尺码', ['S', 'M']);
    expect(seen.value.specs).toEqual([colours, sizes]);
    expect(rowsOf(seen.value)).toEqual(['红 / S', '红 / M', '蓝 / S', '蓝 / M']);
    expect(screen.getByText('共 4 个SKU')).toBeTruthy();
    // an empty SKU编码 is offered the goods code and the row's number
    expect(screen.getByRole('textbox', { name: 'SKU编码 蓝 / M' }).getAttribute('placeholder')).toBe('CUP-4');
  });

  it('fills 售价, 库存 and 预警值 of every row in one go, then takes edits row by row', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const seen = renderEditor(fourRows());
    const bar = screen.getByRole('group', { name: '批量填充' });
    type(within(bar).getByRole('textbox', { name: '批量填充 售价' }), '12.5');
    type(within(bar).getByRole('textbox', { name: '批量填充 库存' }), '30');
    type(within(bar).getByRole('textbox', { name: '批量填充 预警值' }), '5');
    await user.click(within(bar).getByRole('button', { name: '批量填充' }));
    expect(seen.value.rows.map((r) => [r.price, r.cost, r.stock, r.lowStock])).toEqual(Array(4).fill(['12.5', '', '30', '5']));
    expect((screen.getByRole('textbox', { name: '库存 蓝 / M' }) as HTMLInputElement).value).toBe('30');

    type(screen.getByRole('textbox', { name: '售价 红 / M' }), '19.9');
    type(screen.getByRole('textbox', { name: 'SKU编码 红 / M' }), 'CUP-RED-M');
    await user.click(screen.getByRole('switch', { name: '上架 蓝 / S' }));
    expect(seen.value.rows.map((r) => [specText(r.specs), r.code, r.price, r.onSale])).toEqual([
      ['红 / S', '', '12.5', true],
      ['红 / M', 'CUP-RED-M', '19.9', true],
      ['蓝 / S', '', '12.5', false],
      ['蓝 / M', '', '12.5', true],
    ]);
  });

  it('removing a value keeps the other rows as they were edited; adding it back brings new rows', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const start = fourRows();
    start.rows = start.rows.map((r, i) => ({ ...r, code: `CUP-${i + 1}`, price: `${i + 1}.00`, stock: '7' }));
    const seen = renderEditor(start);
    const blue = screen.getByText('蓝', { selector: '.ant-tag' });
    await user.click(within(blue).getByRole('img', { name: /close/i }));
    expect(seen.value.specs[0].values).toEqual(['红']);
    expect(seen.value.rows.map((r) => [specText(r.specs), r.code, r.price, r.stock])).toEqual([
      ['红 / S', 'CUP-1', '1.00', '7'],
      ['红 / M', 'CUP-2', '2.00', '7'],
    ]);
    expect((screen.getByRole('textbox', { name: '售价 红 / M' }) as HTMLInputElement).value).toBe('2.00');

    typeValue(1, '蓝');
    expect(rowsOf(seen.value)).toEqual(['红 / S', '红 / M', '蓝 / S', '蓝 / M']);
    expect(seen.value.rows[1]).toMatchObject({ code: 'CUP-2', price: '2.00' });
    expect(seen.value.rows[2]).toMatchObject({ code: '', price: '', stock: '', lowStock: '10', onSale: true });
  });

  it('takes three dimensions at most, and removing one rebuilds the rows', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const seen = renderEditor();
    await addSpec(user, 1, '颜色', ['红']);
    await addSpec(user, 2, '尺码', ['S', 'M']);
    await addSpec(user, 3, '款式', ['长袖']);
    expect(screen.getByRole('button', { name: /添加规格/ }).hasAttribute('disabled')).toBe(true);
    expect(rowsOf(seen.value)).toEqual(['红 / S / 长袖', '红 / M / 长袖']);

    await user.click(screen.getByRole('button', { name: '删除规格 2' }));
    expect(seen.value.specs.map((s) => s.name)).toEqual(['颜色', '款式']);
    expect(rowsOf(seen.value)).toEqual(['红 / 长袖']);
    expect(screen.getByRole('button', { name: /添加规格/ }).hasAttribute('disabled')).toBe(false);

    // the same value twice stays one
    typeValue(1, ' 红 ');
    expect(seen.value.specs[0].values).toEqual(['红']);
    // a comma adds too
    type(screen.getByRole('textbox', { name: '规格值 1' }), '黑，');
    expect(seen.value.specs[0].values).toEqual(['红', '黑']);
  });

  it('draws no table for more SKUs than a save takes, and says so', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    renderEditor({ specs: [{ name: 'a', values: values(15) }, { name: 'b', values: values(15) }], rows: [] });
    expect(screen.getByText('最多 200 个SKU，当前规格组合出 225 个')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows 50 rows a page; a row on page 2 keeps its place in the table', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const specs = [
      { name: 'a', values: ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'] },
      { name: 'b', values: Array.from({ length: 10 }, (_, i) => `b${i}`) },
    ];
    renderEditor({ specs, rows: buildSkus(specs, []) });
    expect(screen.getAllByRole('textbox', { name: /^SKU编码 / })).toHaveLength(50);
    await user.click(screen.getByTitle('2'));
    expect(screen.getByRole('textbox', { name: 'SKU编码 a5 / b9' })).toHaveAttribute('placeholder', 'CUP-60');
  });

  it('speaks English in English mode', () => {
    act(() => useLanguage.setState({ language: 'en-US' }));
    renderEditor(fourRows());
    expect(screen.getByRole('button', { name: /Add a spec/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill all rows' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'SKU code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Alert at 蓝 / M' })).toBeInTheDocument();
    expect(screen.getByText('4 SKUs')).toBeInTheDocument();
  });
});

afterEach(() => act(() => useLanguage.setState({ language: 'zh-CN' })));
