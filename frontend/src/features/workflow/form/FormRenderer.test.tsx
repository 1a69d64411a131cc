import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp, Button, Form } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { clearDicts } from '@/shared/ui/dict';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { FormRenderer, cleanData, type Field, type FieldPerm } from '.';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  clearDicts();
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [{ value: 'annual', label: '年假' }], totalElements: 1 } }));
  bff.on('GET /api/dept/list', () => ({ status: 200, body: { depts: [{ id: 2, name: '研发部' }], users: [] } }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

/** One field of every type, labelled by its Chinese type name. */
const ALL: Field[] = [
  { key: 'title', type: 'text', label: '标题', required: true },
  { key: 'memo', type: 'textarea', label: '备注' },
  { key: 'count', type: 'number', label: '数量', min: 1, max: 9 },
  { key: 'money', type: 'amount', label: '金额' },
  { key: 'kind', type: 'select', label: '类型', dict: 'leave_type' },
  { key: 'color', type: 'select', label: '颜色', options: [{ label: '红', value: 'r' }] },
  { key: 'day', type: 'date', label: '日期' },
  { key: 'span', type: 'dateRange', label: '区间' },
  { key: 'leave', type: 'leaveRange', label: '请假时间' },
  { key: 'dept', type: 'dept', label: '部门' },
  { key: 'who', type: 'user', label: '人员', multiple: true },
  { key: 'files', type: 'upload', label: '附件', maxCount: 2 },
  { key: 'body', type: 'richtext', label: '正文' },
  { key: 'tip', type: 'description', label: '', content: '请如实填写' },
];

function renderForm(props: { fields: Field[]; perms?: Record<string, FieldPerm>; disabled?: boolean }, onFinish?: (v: Record<string, unknown>) => void, initial?: Record<string, unknown>) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>
        <Form initialValues={initial} onFinish={onFinish} aria-label="f">
          <FormRenderer {...props} />
          <Button htmlType="submit">提交</Button>
        </Form>
      </AntApp>
    </Providers>,
  );
}

describe('FormRenderer', () => {
  it('renders every field type as a labelled form item', async () => {
    renderForm({ fields: ALL }, undefined, { leave: ['2026-12-01 09:00:00', '2026-12-03 09:00:00'] });
    for (const label of ['标题', '备注', '数量', '金额', '类型', '颜色', '日期', '区间', '请假时间', '部门', '人员', '附件', '正文']) {
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: '标题' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '金额' }).closest('.ant-input-number-affix-wrapper')).toHaveTextContent('¥');
    expect(screen.getByText('请如实填写')).toBeInTheDocument();
    expect(screen.getByText('最多 2 个文件，每个不超过 5MB')).toBeInTheDocument();
    expect(screen.getByText('共 2 天，剩余年假 X 天')).toBeInTheDocument();
    // the rich-text editor arrives lazily
    await waitFor(() => expect(document.querySelector('.ProseMirror')).not.toBeNull(), { timeout: 5000 });
  });

  it('applies the schema: required blocks the submit, bounds say why, a valid form gives wire values', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    const fields = ALL.slice(0, 3);
    renderForm({ fields }, (v) => (sent = cleanData(fields, v)));
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('该项为必填项，不能为空')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(screen.getByRole('textbox', { name: '标题' }), '  出差 ');
    await user.type(screen.getByRole('spinbutton', { name: '数量' }), '3');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(sent).toEqual({ title: '出差', count: 3 }));
  });

  it('Enter in a date field confirms the date and does not submit the form', async () => {
    const user = userEvent.setup();
    const sent: Array<Record<string, unknown>> = [];
    const fields: Field[] = [{ key: 'day', type: 'date', label: '日期' }, { key: 'span', type: 'dateRange', label: '区间' }];
    renderForm({ fields }, (v) => sent.push(v));
    const day = screen.getByRole('textbox', { name: '日期' });
    await user.click(day);
    await user.type(day, '2026-12-01{Enter}');
    await waitFor(() => expect(day).toHaveValue('2026-12-01'));
    expect(sent).toEqual([]);
    const [from] = screen.getAllByRole('textbox', { name: '区间' });
    await user.click(from);
    await user.type(from, '2026-12-02{Enter}');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('text length is checked', async () => {
    const user = userEvent.setup();
    renderForm({ fields: [{ key: 'count', type: 'text', label: '名称', min: 3 }] });
    await user.type(screen.getByRole('textbox', { name: '名称' }), 'ab');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('长度须在 3 到 200 个字符之间')).toBeInTheDocument();
  });

  it('perms: hidden fields are not shown, read fields are disabled and skip the rules, disabled makes all read', async () => {
    const user = userEvent.setup();
    let submitted = false;
    const fields = ALL.slice(0, 4);
    const { unmount } = renderForm({ fields, perms: { title: 'read', memo: 'hidden' } }, () => (submitted = true), { title: '原值' });
    expect(screen.queryByText('备注')).toBeNull();
    expect(screen.getByRole('textbox', { name: '标题' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('原值');
    expect(screen.getByRole('spinbutton', { name: '数量' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submitted).toBe(true));
    unmount();

    renderForm({ fields, disabled: true, perms: { money: 'hidden' } });
    const form = screen.getByRole('form', { name: 'f' });
    expect(within(form).getByRole('textbox', { name: '标题' })).toBeDisabled();
    expect(within(form).getByRole('spinbutton', { name: '数量' })).toBeDisabled();
    expect(within(form).queryByText('金额')).toBeNull();
  });

  it('a read-only rich text shows its HTML, not an editor', () => {
    renderForm({ fields: [{ key: 'body', type: 'richtext', label: '正文' }], disabled: true }, undefined, { body: '<p>你好<strong>世界</strong></p>' });
    expect(screen.getByText('世界').tagName).toBe('STRONG');
    expect(document.querySelector('.ProseMirror')).toBeNull();
  });
});
