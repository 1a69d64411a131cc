import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, TreeSelect, type FormInstance } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { enumOptions, fieldOf, fieldType, type DataColumn, type FieldOption } from './columns';
import { pickerRange } from './logic';
import { enterConfirmsOnly } from '../form/keys';
import { DateTimeRange } from '../form/DateTimeRange';

/** Fields per row at the widest screens; collapsed, the first row keeps one place for the buttons. */
const COL = { xs: 24, md: 12, xl: 8 } as const;
const COLLAPSED_FIELDS = 2;

/**
 * Fields a row by the form's own width, not the window's: a list in half the page (字典管理 beside
 * its entries) gave its keyword a third of half, ~90 px of box at 1366 px (issue 33). 0: not
 * measured yet (or no layout, jsdom): the window's breakpoints decide (COL).
 */
export function fieldsPerRow(width: number): number {
  if (width <= 0) return 0;
  if (width >= 900) return 3;
  if (width >= 440) return 2;
  return 1;
}

/** The width of an element, following its changes. */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(() => setWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The control of one search field, as ProTable chose it from the column's valueType; value and
 * onChange come from the Form.Item around it.
 */
function Control<T>({ column, options, ...item }: { column: DataColumn<T>; options?: FieldOption[] }) {
  const props = { ...column.fieldProps, ...item };
  if (column.renderFormItem) return column.renderFormItem(item);
  const type = fieldType(column);
  switch (type) {
    case 'select':
      return <Select allowClear options={options ?? (column.valueEnum ? enumOptions(column.valueEnum) : undefined)} {...props} />;
    case 'treeSelect':
      return <TreeSelect allowClear treeDefaultExpandAll treeData={options} {...props} />;
    case 'digit':
      return <InputNumber style={{ width: '100%' }} {...props} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} onKeyDown={enterConfirmsOnly} {...props} value={pickerRange((item as { value?: unknown }).value)} />;
    case 'dateTimeRange':
      // a date typed without a time is taken too (00:00 to 23:59:59)
      return <DateTimeRange style={{ width: '100%' }} onKeyDown={enterConfirmsOnly} {...props} value={pickerRange((item as { value?: unknown }).value)} />;
    default:
      return <Input allowClear {...props} />;
  }
}

/** The options of the fields whose column has a request (fetched once). */
function useRequestedOptions<T>(columns: DataColumn<T>[]): Record<string, FieldOption[]> {
  const [options, setOptions] = useState<Record<string, FieldOption[]>>({});
  useEffect(() => {
    let live = true;
    for (const c of columns) {
      if (!c.request) continue;
      const name = fieldOf(c);
      void c.request().then(
        (list) => live && setOptions((o) => ({ ...o, [name]: list })),
        () => undefined, // the request client has shown the error
      );
    }
    return () => {
      live = false;
    };
    // the columns are rebuilt on every render of the page; their requests are the page's once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return options;
}

export interface SearchFormProps<T> {
  columns: DataColumn<T>[];
  /** Hands the form to the table (its values, a reset from the page's handle, the page's formRef). */
  onForm: (form: FormInstance) => void;
  initialValues?: Record<string, unknown>;
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  onSearch: () => void;
  onReset: () => void;
  loading?: boolean;
}

/**
 * The list's query bar (ProTable's QueryFilter, rebuilt on antd Form; its own chunk, fetched
 * beside the list's first request, so the date and tree pickers are not in the list's first load): the searchable columns'
 * fields three to a row, 查询 / 重置 at the end of the row, and 展开 / 收起 when there are more
 * fields than the first row holds.
 */
export default function SearchForm<T>({ columns, onForm, initialValues, collapsed, onCollapse, onSearch, onReset, loading }: SearchFormProps<T>) {
  const t = useT();
  const [form] = Form.useForm();
  onForm(form);
  const options = useRequestedOptions(columns);
  const [box, width] = useWidth();
  const perRow = fieldsPerRow(width);
  const foldable = columns.length > COLLAPSED_FIELDS;
  const used = foldable && collapsed ? COLLAPSED_FIELDS : columns.length;
  // fewer fields than a row holds share two thirds of it, the buttons the last third (字典管理's
  // one keyword: two thirds of its half of the page, not a third of it)
  const span = perRow ? (used < perRow ? Math.floor(16 / Math.max(used, 1)) : 24 / perRow) : 0;
  const col = perRow ? { span } : COL;
  const shown = (i: number) => !foldable || !collapsed || i < COLLAPSED_FIELDS;
  const fields: ReactNode[] = columns.map((c, i) => (
    // folded fields stay in the form (their values still count), out of sight
    <Col key={fieldOf(c)} {...col} style={shown(i) ? undefined : { display: 'none' }}>
      <Form.Item name={fieldOf(c)} label={c.title} style={{ marginBottom: 16 }}>
        <Control column={c} options={options[fieldOf(c)]} />
      </Form.Item>
    </Col>
  ));
  // the buttons take the rest of the last row (at xl, 3 fields a row)
  const rest = (24 - ((used * 8) % 24)) % 24 || 24;
  const buttons = perRow ? { span: (24 - ((used * span) % 24)) % 24 || 24 } : { xs: 24, md: used % 2 === 0 ? 24 : 12, xl: rest };
  return (
    <div ref={box}>
      <Form
        form={form}
        className="data-table-search"
        initialValues={initialValues}
        layout="horizontal"
        labelWrap
        onFinish={onSearch}
      >
        <Row gutter={24}>
          {fields}
          <Col {...buttons} style={{ textAlign: 'right', marginBottom: 16 }}>
            <Space>
              <Button onClick={onReset}>{t('search.reset')}</Button>
              <Button type="primary" htmlType="submit" loading={loading}>
                {t('search.search')}
              </Button>
              {foldable ? (
                <a onClick={() => onCollapse(!collapsed)}>
                  {collapsed ? t('search.expand') : t('search.collapse')} {collapsed ? <DownOutlined /> : <UpOutlined />}
                </a>
              ) : null}
            </Space>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
