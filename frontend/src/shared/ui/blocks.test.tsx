import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { clearDicts, DictSelect, entryLabel, loadDicts } from './dict';
import { useLanguage } from '@/shared/lib/i18n';
import { Dialog, DIALOG_COL, ProFormText, ProFormTextArea, SearchReset, TEXTAREA_ROWS } from './form';
import { childNodes, deptIdOf, DeptUserPicker, titleOf, userIdOf, withChildren } from './picker';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  clearDicts();
  bff.on('GET /api/dictDetail', (config) => {
    const p = config.params as Record<string, unknown>;
    bff.queries.push(p);
    const content =
      p.dictName === 'user_status'
        ? [{ value: 'true', label: '激活' }, { value: 'false', label: '禁用' }]
        : p.dictName === 'gender'
          ? [{ value: 'm', label: '男', labelEn: 'Male' }, { value: 'f', label: '女', labelEn: '' }]
          : [{ value: 1, label: '一' }];
    return { status: 200, body: { content, totalElements: content.length } };
  });
  bff.on('GET /api/dept/list', (config) => {
    const { deptId } = config.params as { deptId: number };
    bff.queries.push({ deptId });
    if (deptId === 0) return { status: 200, body: { depts: [{ id: 2, name: '研发部' }, { id: 3, name: '运营部' }], users: [] } };
    if (deptId === 2) return { status: 200, body: { depts: [], users: [{ username: 'alice', nickName: '爱丽丝' }, { username: 'bob' }] } };
    return { status: 200, body: { depts: [], users: [] } };
  });
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

function wrap(node: ReactNode) {
  return render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>{node}</AntApp>
    </Providers>,
  );
}

describe('dictionaries', () => {
  it('no names is the error need Dict names', async () => {
    await expect(loadDicts([])).rejects.toThrow('need Dict names');
  });
  it('loads each named dictionary once (pageNow=1, pageSize=999) and shares it', async () => {
    const a = await loadDicts(['user_status', 'job']);
    const b = await loadDicts(['user_status']);
    expect(a.user_status).toEqual([{ value: 'true', label: '激活' }, { value: 'false', label: '禁用' }]);
    expect(a.job).toEqual([{ value: '1', label: '一' }]);
    expect(b.user_status).toBe(a.user_status);
    expect(bff.queries).toEqual([
      { pageNow: 1, pageSize: 999, dictName: 'user_status' },
      { pageNow: 1, pageSize: 999, dictName: 'job' },
    ]);
  });
  it('DictSelect offers the entries, with the 请选择{label} placeholder', async () => {
    const user = userEvent.setup();
    wrap(
      <>
        <DictSelect dict="user_status" label="状态" />
        <DictSelect dict="user_status" label="状态2" />
      </>,
    );
    expect(screen.getByText('请选择状态')).toBeInTheDocument();
    await waitFor(() => expect(bff.queries).toHaveLength(1)); // two dropdowns, one request
    await user.click(screen.getAllByRole('combobox')[0]);
    expect(await screen.findByText('激活')).toBeInTheDocument();
    expect(screen.getByText('禁用')).toBeInTheDocument();
  });
});

describe('dictionaries in English (issue 16)', () => {
  afterEach(() => useLanguage.getState().setLanguage('zh-CN'));
  it('an entry shows its English label in English mode and its label otherwise, or when it has none', async () => {
    const { gender } = await loadDicts(['gender']);
    expect(gender).toEqual([{ value: 'm', label: '男', labelEn: 'Male' }, { value: 'f', label: '女' }]);
    expect(gender.map((e) => entryLabel(e, 'en-US'))).toEqual(['Male', '女']);
    expect(gender.map((e) => entryLabel(e, 'zh-CN'))).toEqual(['男', '女']);
  });
  it('DictSelect follows a language switch, falling back to the label', async () => {
    wrap(<DictSelect dict="gender" label="性别" open />);
    expect(await screen.findByText('男')).toBeInTheDocument();
    act(() => useLanguage.getState().setLanguage('en-US'));
    expect(await screen.findByText('Male')).toBeInTheDocument();
    expect(screen.getByText('女')).toBeInTheDocument();
    expect(screen.queryByText('男')).toBeNull();
  });
});

describe('department/user picker', () => {
  it('a department with child departments shows them, otherwise its users', () => {
    expect(childNodes({ depts: [{ id: 2, name: '研发部' }], users: [{ username: 'x' }] })).toEqual([
      { value: 'dept:2', title: '研发部', isLeaf: false, selectable: false, checkable: false, deptId: 2 },
    ]);
    expect(childNodes({ depts: [], users: [{ username: 'alice', nickName: '爱丽丝' }, { username: 'bob' }] }).map((n) => [n.value, n.title, n.isLeaf])).toEqual([
      ['user:alice', '爱丽丝（alice）', true],
      ['user:bob', 'bob', true],
    ]);
    const tree = childNodes({ depts: [{ id: 2, name: 'a' }, { id: 3, name: 'b' }] });
    const kids = childNodes({ users: [{ username: 'c' }] });
    expect(withChildren(tree, 'dept:3', kids)[1].children).toBe(kids);
    expect(withChildren(tree, 'dept:3', kids)[0].children).toBeUndefined();
  });
  it('people sort naturally: 批量用户2 before 批量用户10', () => {
    const users = ['批量用户10', '批量用户2', '批量用户1'].map((nickName, i) => ({ id: i, username: `u${i}`, nickName }));
    expect(childNodes({ users }).map((n) => n.title)).toEqual(['批量用户1（u2）', '批量用户2（u1）', '批量用户10（u0）']);
  });
  it('picking people by ID: a person is uid:<id> and reads back as the number', () => {
    const [alice] = childNodes({ users: [{ id: 7, username: 'alice', nickName: '爱丽丝' }] }, 'userId');
    expect(alice).toMatchObject({ value: 'uid:7', title: '爱丽丝（alice）', selectable: true, checkable: true });
    expect(userIdOf(alice.value)).toBe(7);
  });
  it('picking departments: departments can be chosen, their people are shown but cannot', () => {
    expect(childNodes({ depts: [{ id: 2, name: '研发部' }] }, 'dept')[0]).toMatchObject({ value: 'dept:2', selectable: true, checkable: true });
    expect(childNodes({ users: [{ username: 'alice' }] }, 'dept')[0]).toMatchObject({ value: 'user:alice', selectable: false, checkable: false });
    const tree = withChildren(childNodes({ depts: [{ id: 2, name: 'a' }] }, 'dept'), 'dept:2', childNodes({ depts: [{ id: 5, name: 'b' }] }, 'dept'));
    expect(titleOf(tree, 'dept:5')).toBe('b');
    expect(deptIdOf('dept:5')).toBe(5);
  });
  it('loads the root, then a department when it opens; choosing a person gives the user name', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    wrap(<DeptUserPicker onChange={changed} label="审批人" />);
    await waitFor(() => expect(bff.queries).toEqual([{ deptId: 0 }]));
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByText('研发部')).toBeInTheDocument();
    const switcher = screen.getByText('研发部').closest('.ant-select-tree-treenode')!.querySelector('.ant-select-tree-switcher')!;
    await user.click(switcher);
    await waitFor(() => expect(bff.queries).toEqual([{ deptId: 0 }, { deptId: 2 }]));
    await user.click(await screen.findByText('爱丽丝（alice）'));
    expect(changed.mock.lastCall?.[0]).toBe('alice');
  });
});

describe('dialog and search/reset', () => {
  it('the dialog lays fields out 12 of 24 at medium and small widths; text areas have 4 rows', async () => {
    expect(DIALOG_COL).toEqual({ xs: 24, sm: 12, md: 12 });
    expect(TEXTAREA_ROWS).toBe(4);
    wrap(
      <Dialog title="新增" open>
        <ProFormText name="name" label="名称" />
        <ProFormTextArea name="remark" label="备注" fieldProps={{ rows: TEXTAREA_ROWS }} />
      </Dialog>,
    );
    // the dialog's form code is its own chunk, fetched on opening (the first import here is slow)
    const field = await screen.findByLabelText('名称', {}, { timeout: 30_000 });
    expect(field.closest('.ant-col-md-12.ant-col-sm-12.ant-col-xs-24')).not.toBeNull();
    expect(screen.getByLabelText('备注')).toHaveAttribute('rows', '4');
  });
  it('a one-column dialog puts each field on its own full row', async () => {
    wrap(
      <Dialog title="新增" open columns={1}>
        <ProFormText name="name" label="名称" />
      </Dialog>,
    );
    const field = await screen.findByLabelText('名称');
    expect(field.closest('.ant-col-md-12')).toBeNull();
    expect(field.closest('.ant-col-sm-12')).toBeNull();
  });
  it('search and reset call their handlers', async () => {
    const user = userEvent.setup();
    const search = vi.fn();
    const reset = vi.fn();
    wrap(<SearchReset onSearch={search} onReset={reset} />);
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(search).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
