import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import ApplyFormPage from '../ApplyFormPage';
import StartBatchPage from '../StartBatchPage';
import { renderAt } from '@/test/renderAt';
import { formPage, formRow } from '../testkit';

let bff: FakeBff;

const trip = {
  id: 5,
  name: '出差',
  icon: 'car',
  group: '行政',
  version: 1,
  draft: null,
  published: {
    version: 1,
    publishTime: '',
    schema: {
      fields: [
        { key: 'city', type: 'text', label: '目的地', required: true },
        { key: 'cost', type: 'amount', label: '预算', default: 100 },
      ],
    },
    flow: { id: 'start', type: 'start', name: '发起人', next: { id: 'n2', type: 'approver', name: '主管审批', props: { assignee: { kind: 'self' } }, next: null } },
  },
};

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/workflow/forms', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return formPage([formRow(5, '出差', 'car', '行政', 1), formRow(6, '请假', 'calendar', '人事', 3)]);
  });
  bff.on('GET /api/workflow/forms/5', () => ({ status: 200, body: trip }));
  bff.on('GET /api/dept/list', () => ({ status: 200, body: { depts: [], users: [] } }));
  bff.on('POST /api/workflow/instances', () => ({ status: 201, body: { id: 77 } }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

function Where() {
  const l = useLocation();
  return <p>到达 {l.pathname + l.search}</p>;
}

function open(path: string) {
  renderAt(
    path,
    <>
      <Route path="/applyForm" element={<ApplyFormPage />} />
      <Route path="/startBatch" element={<StartBatchPage />} />
      <Route path="*" element={<Where />} />
    </>,
  );
}

describe('流程申请', () => {
  it('chooses a published form by group and search, and refuses to send it while required fields and the self-picked approvers are empty', async () => {
    const user = userEvent.setup();
    open('/applyForm');
    expect(await screen.findByRole('listitem', { name: '出差' })).toBeInTheDocument();
    expect(bff.queries[0]).toMatchObject({ published: true, page: 0 });
    expect(screen.getByText('人事')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '搜索表单名称' }), '请');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '出差' })).toBeNull());
    await user.clear(screen.getByRole('searchbox', { name: '搜索表单名称' }));
    await user.click(await screen.findByRole('listitem', { name: '出差' }));

    // the form, its default, and the picker of the approvers the initiator chooses
    expect(await screen.findByRole('textbox', { name: '目的地' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '预算' })).toHaveValue('100.00');
    expect(screen.getByText('主管审批', { selector: 'label' })).toBeInTheDocument();
    expect(screen.getByText('此节点的审批人由发起人选择')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    // both fields' messages: the form validates them one after another, so wait for the count
    await waitFor(() => expect(screen.getAllByText('该项为必填项，不能为空')).toHaveLength(2));
    expect(bff.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('submits { formId, data } and goes to /flowDetail?id=', async () => {
    const user = userEvent.setup();
    const noSelf = { ...trip, published: { ...trip.published, flow: { id: 'start', type: 'start', name: '发起人', next: null } } };
    bff.on('GET /api/workflow/forms/5', () => ({ status: 200, body: noSelf }));
    open('/applyForm?form=5');
    await user.type(await screen.findByRole('textbox', { name: '目的地' }), ' 上海 ');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('到达 /flowDetail?id=77')).toBeInTheDocument();
    const post = bff.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.data))).toEqual({ formId: 5, data: { city: '上海', cost: 100 } });
  });

  it('/startBatch needs leave:batch', async () => {
    useSession.setState({ roles: ['x'] });
    open('/startBatch');
    const refusal = await screen.findByText('你没有“流程申请（多人） - 批量发起”的权限，不能为多人发起申请');
    expect(refusal.textContent).not.toMatch(/leave:batch/); // a code means nothing to a person
  });

  it('/startBatch asks for the applicants', async () => {
    useSession.setState({ roles: ['leave:batch'] });
    open('/startBatch?form=5');
    expect(await screen.findByText('申请人', { selector: 'label' })).toBeInTheDocument();
    expect(screen.getByText(/为多人同时发起同一申请/)).toBeInTheDocument();
  });
});
