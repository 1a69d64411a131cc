import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import FormDesignPage from '.';
import { renderAt } from '@/test/renderAt';
import { formPage, formRow } from '../testkit';

let bff: FakeBff;
const body = (i: number) => JSON.parse(String(bff.calls[i].data)) as Record<string, unknown>;

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/workflow/forms', () => formPage([formRow(1, '请假', 'calendar', '人事', 2, true), formRow(2, '报销', 'money', '财务', 0, true)]));
  bff.on('POST /api/workflow/forms', () => ({ status: 201, body: { id: 9 } }));
  bff.on('GET /api/dictDetail', () => ({ status: 200, body: { content: [], totalElements: 0 } }));
  bff.on('PUT /api/workflow/forms/9', () => ({ status: 200, body: { id: 9 } }));
  client.axios.defaults.adapter = bff.adapter;
  useSession.setState({ roles: ['workflow:design'] });
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

function open(path: string) {
  renderAt(
    path,
    <>
      <Route path="/formDesign" element={<FormDesignPage />} />
      <Route path="/flowDesign/:id" element={<p>流程绘制页</p>} />
    </>,
  );
}

const canvas = () => screen.getByRole('list', { name: '画布' });
const keysOnCanvas = () => within(canvas()).queryAllByRole('listitem').map((li) => li.querySelector('code')?.textContent);

describe('表单管理', () => {
  it('lists forms with their published version and unpublished drafts; 设计流程 opens the flow designer', async () => {
    const user = userEvent.setup();
    open('/formDesign');
    const leave = (await screen.findByText('请假')).closest('tr') as HTMLElement;
    expect(within(leave).getByText('v2')).toBeInTheDocument();
    expect(within(leave).getByText('草稿未发布')).toBeInTheDocument();
    const claim = screen.getByText('报销').closest('tr') as HTMLElement;
    expect(within(claim).getByText('未发布')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新建表单' })).toBeInTheDocument();
    await user.click(within(leave).getByRole('button', { name: '设计流程' }));
    expect(await screen.findByText('流程绘制页')).toBeInTheDocument();
  });

  it('without workflow:design there is nothing to change', async () => {
    useSession.setState({ roles: ['x'] });
    open('/formDesign');
    const leave = (await screen.findByText('请假')).closest('tr') as HTMLElement;
    expect(within(leave).queryByRole('button', { name: '编辑表单' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建表单' })).toBeNull();
  });

  it('designs: add, edit, reorder, duplicate, delete fields; refuses a key twice; saves the draft in canvas order', async () => {
    const user = userEvent.setup();
    open('/formDesign?id=new');
    await user.click(await screen.findByTestId('palette-text'));
    await user.click(screen.getByTestId('palette-number'));
    await user.click(screen.getByTestId('palette-select'));
    expect(keysOnCanvas()).toEqual(['text_1', 'number_1', 'select_1']);

    // the last added is selected: edit its label and options in the property panel
    const panel = screen.getByRole('form', { name: '属性' });
    const label = within(panel).getByRole('textbox', { name: '标题' });
    await user.clear(label);
    await user.type(label, '出差类型');
    expect(within(canvas()).getByRole('listitem', { name: '出差类型' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /添加选项/ }));
    await user.clear(within(panel).getByRole('textbox', { name: '选项名2' }));
    await user.type(within(panel).getByRole('textbox', { name: '选项名2' }), '国内');

    // reorder: 上移 the select twice
    const select = within(canvas()).getByRole('listitem', { name: '出差类型' });
    await user.click(within(select).getByRole('button', { name: '上移' }));
    await user.click(within(select).getByRole('button', { name: '上移' }));
    expect(keysOnCanvas()).toEqual(['select_1', 'text_1', 'number_1']);

    // duplicate then delete
    const text = within(canvas()).getByRole('listitem', { name: '单行文本' });
    await user.click(within(text).getByRole('button', { name: '复制' }));
    expect(keysOnCanvas()).toEqual(['select_1', 'text_1', 'text_2', 'number_1']);
    await user.click(within(within(canvas()).getAllByRole('listitem')[2]).getByRole('button', { name: '删除' }));
    expect(keysOnCanvas()).toEqual(['select_1', 'text_1', 'number_1']);

    // a key used twice is marked and stops the save
    await user.click(within(canvas()).getByRole('listitem', { name: '数字' }));
    const key = within(screen.getByRole('form', { name: '属性' })).getByRole('textbox', { name: '字段标识' });
    await user.clear(key);
    await user.type(key, 'text_1');
    expect((await screen.findAllByText('字段标识重复')).length).toBeGreaterThan(0);
    await user.type(screen.getByRole('textbox', { name: '表单名称' }), '出差申请');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText('字段标识有误或重复：text_1')).toBeInTheDocument();
    expect(bff.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(key);
    await user.type(key, 'days');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText('草稿已保存')).toBeInTheDocument();
    const post = bff.calls.findIndex((c) => c.method === 'POST');
    expect(body(post)).toMatchObject({
      name: '出差申请',
      icon: 'file',
      group: '',
      schema: {
        fields: [
          { key: 'select_1', type: 'select', label: '出差类型', options: [{ label: '选项1', value: '1' }, { label: '国内', value: '2' }] },
          { key: 'text_1', type: 'text', label: '单行文本' },
          { key: 'days', type: 'number', label: '数字', precision: 0 },
        ],
      },
    });

    // the next save of the same form is a PUT of the draft
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'PUT' && c.path === '/api/workflow/forms/9')).toBe(true));
  });

  it('publish: shows the server field errors on the field and the flow problems node by node', async () => {
    const user = userEvent.setup();
    bff.on('GET /api/workflow/forms/4', () => ({
      status: 200,
      body: {
        id: 4,
        name: '报销',
        icon: 'money',
        group: '财务',
        version: 0,
        published: null,
        draft: {
          schema: { fields: [{ key: 'amount', type: 'amount', label: '金额' }, { key: 'kind', type: 'select', label: '类别', dict: 'nope' }] },
          flow: { id: 'start', type: 'start', name: '发起人', next: { id: 'n2', type: 'approver', name: '财务审批', next: null } },
        },
      },
    }));
    bff.on('PUT /api/workflow/forms/4', () => ({ status: 200, body: { id: 4 } }));
    bff.on('POST /api/workflow/forms/4/publish', () => ({
      status: 400,
      body: {
        status: 400,
        code: 'validation',
        message: '流程有误',
        errors: [{ field: 'fields[1].dict', code: 'invalid', message: '字典不存在' }],
        problems: [{ nodeId: 'n2', message: '请设置审批人' }],
      },
    }));
    open('/formDesign?id=4');
    expect(await screen.findByRole('listitem', { name: '类别' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '表单名称' })).toHaveValue('报销');
    await user.click(screen.getByRole('button', { name: /^发布$/ }));
    expect(await screen.findByText('发布失败，请修改以下问题')).toBeInTheDocument();
    expect(screen.getByText('类别（kind）：字典不存在')).toBeInTheDocument();
    expect(screen.getByText('财务审批：请设置审批人')).toBeInTheDocument();
    // the field's own card says it too
    expect(within(screen.getByRole('listitem', { name: '类别' })).getByText('字典不存在')).toBeInTheDocument();
    // the draft (with its flow) was saved first
    const put = bff.calls.findIndex((c) => c.method === 'PUT');
    expect(body(put).flow).toMatchObject({ id: 'start' });
  });

  it('publishing a draft equal to the published version says no version was made', async () => {
    const user = userEvent.setup();
    const flow = { id: 'start', type: 'start', name: '发起人', next: null };
    const schema = { fields: [{ key: 'amount', type: 'amount', label: '金额' }] };
    bff.on('GET /api/workflow/forms/5', () => ({
      status: 200,
      body: { id: 5, name: '报销', icon: 'money', group: '财务', version: 2, published: { version: 2, schema, flow, publishTime: '' }, draft: { schema, flow } },
    }));
    bff.on('PUT /api/workflow/forms/5', () => ({ status: 204, body: '' }));
    bff.on('POST /api/workflow/forms/5/publish', () => ({ status: 200, body: { version: 2, unchanged: true } }));
    open('/formDesign?id=5');
    expect(await screen.findByRole('listitem', { name: '金额' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^发布$/ }));
    expect(await screen.findByText('与已发布的版本 2 相同，未生成新版本')).toBeInTheDocument();
  });

  it('a refused save says so under the field and above the canvas', async () => {
    const user = userEvent.setup();
    bff.on('POST /api/workflow/forms', () => ({
      status: 400,
      body: { status: 400, code: 'validation', message: '字典不存在', errors: [{ field: 'fields[0].dict', code: 'invalid', message: '字典不存在' }] },
    }));
    open('/formDesign?id=new');
    await user.click(await screen.findByTestId('palette-select'));
    await user.click(screen.getByRole('radio', { name: '字典' }));
    await user.type(screen.getByRole('textbox', { name: '字典名称' }), 'nope');
    await user.type(screen.getByRole('textbox', { name: '表单名称' }), '采购');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText('保存失败，请修改以下问题')).toBeInTheDocument();
    expect(screen.getByText('下拉选择（select_1）：字典不存在')).toBeInTheDocument();
    expect(JSON.parse(String(bff.calls.find((c) => c.method === 'POST')?.data)).schema.fields[0]).toEqual({ key: 'select_1', type: 'select', label: '下拉选择', dict: 'nope' });
  });

  it('previews the form with the renderer', async () => {
    const user = userEvent.setup();
    open('/formDesign?id=new');
    await user.click(await screen.findByTestId('palette-amount'));
    await user.click(screen.getByRole('button', { name: '预览' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('spinbutton', { name: '金额' })).toBeInTheDocument();
  });
});
