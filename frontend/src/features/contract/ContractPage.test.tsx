import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { ClientBinder } from '@/app/ClientBinder';
import { client } from '@/shared/api';
import { useSession } from '@/features/auth';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import ContractPage from './ContractPage';
import TemplatePage from './TemplatePage';
import { canMove, canMoveRow, editable } from './api';
import TemplateDialog from './components/TemplateDialog';
import ContractDrawer from './components/ContractDrawer';

// the template's text, as pdf.js would read it from the PDF
vi.mock('@/shared/ui/pdf', () => ({
  PdfPreview: () => null,
  readPdfText: () => Promise.resolve('Agency: {{agencyName}}\nRate: {{rate}}, region {{region}}'),
}));

let bff: FakeBff;

const contract = (id: number, status: string, expiring = false, scans = 1) => ({
  id,
  contractNo: `HT2026${id}`,
  name: '渠道合作协议',
  agencyId: 1,
  agencyName: '杭州云栖商贸有限公司',
  templateId: 1,
  startDate: '2026-01-01',
  endDate: '2026-12-20',
  amount: '50000.00',
  status,
  expiring,
  signTime: '',
  remark: '',
  createTime: '2026-01-01 10:00:00',
  scans,
});

const template = (id: number, published: boolean, received: boolean) => ({
  id,
  name: `模板${id}`,
  version: 'v1',
  fileId: 9,
  fileName: '模板.pdf',
  fileUrl: '/api/files/a.pdf',
  downloadUrl: '/api/files/a.pdf/download',
  variables: [
    { key: 'agencyName', label: '渠道名称', value: '' },
    { key: 'rate', label: '佣金', value: '5%' },
    { key: 'region', label: '区域', value: '' },
  ],
  validMonths: 12,
  enabled: true,
  published,
  publishTime: '',
  received,
  createTime: '2026-01-01 10:00:00',
});

function show(page: React.ReactNode, path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers container={null} styleCache={createCache()}>
        <AntApp>
          <ClientBinder />
          {page}
        </AntApp>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  bff = fakeBff();
  bff.on('GET /api/contracts', (config) => {
    bff.queries.push({ ...(config.params as Record<string, unknown>) });
    return { status: 200, body: { content: [contract(1, 'pending_sign'), contract(2, 'signed', true), contract(3, 'draft')], totalElements: 3 } };
  });
  bff.on('GET /api/contractTemplates', () => ({
    status: 200,
    body: { content: [template(1, true, false), template(2, true, true), template(3, false, false)], totalElements: 3 },
  }));
  client.axios.defaults.adapter = bff.adapter;
});

afterEach(() => {
  client.axios.defaults.adapter = undefined;
  useSession.setState({ roles: [] });
});

describe('the status machine as the buttons see it', () => {
  it('offers each move only from the statuses the BFF allows', () => {
    expect(canMove('draft', 'submit')).toBe(true);
    expect(canMove('draft', 'sign')).toBe(false);
    expect(canMove('pending_sign', 'sign')).toBe(true);
    expect(canMove('signed', 'terminate')).toBe(true);
    expect(canMove('expired', 'terminate')).toBe(false);
    expect(canMove('terminated', 'terminate')).toBe(false);
    expect(editable('pending_sign')).toBe(true);
    expect(editable('signed')).toBe(false);
  });

  it('offers 标记已签署 only with a signed scan attached, as the BFF requires', () => {
    expect(canMoveRow({ status: 'pending_sign', scans: 0 }, 'sign')).toBe(false);
    expect(canMoveRow({ status: 'pending_sign', scans: 1 }, 'sign')).toBe(true);
    expect(canMoveRow({ status: 'pending_sign', scans: 0 }, 'terminate')).toBe(true);
    expect(canMoveRow({ status: 'draft', scans: 2 }, 'sign')).toBe(false);
  });
});

describe('合同管理', { timeout: 60_000 }, () => {
  it('flags 即将到期, reads ?expiring=1, and offers the moves the status and the roles allow', async () => {
    useSession.setState({ roles: ['contract:list', 'contract:edit'] });
    show(<ContractPage />, '/channel/contract?expiring=1');
    const pending = (await screen.findByText('HT20261')).closest('tr')!;
    expect(bff.queries[0]).toMatchObject({ expiring: '1', page: 0, size: 10 });
    const signed = screen.getByText('HT20262').closest('tr')!;
    expect(within(signed).getByText('即将到期')).toBeInTheDocument();
    expect(within(pending).queryByText('即将到期')).toBeNull();
    expect(within(pending).getByRole('button', { name: '标记已签署' })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: '提交签署' })).toBeNull();
    expect(within(signed).getByRole('button', { name: /终\s*止/ })).toBeInTheDocument();
    expect(within(signed).queryByRole('button', { name: '标记已签署' })).toBeNull();
    const draft = screen.getByText('HT20263').closest('tr')!;
    expect(within(draft).getByRole('button', { name: '提交签署' })).toBeInTheDocument();
    // no contract:add: no 新增
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });

  it('hides 标记已签署 without a scan, and closes the confirm with the reason when the BFF refuses', async () => {
    useSession.setState({ roles: ['contract:list', 'contract:edit'] });
    bff.on('GET /api/contracts', () => ({
      status: 200,
      body: { content: [contract(1, 'pending_sign', false, 0), contract(4, 'pending_sign', false, 1)], totalElements: 2 },
    }));
    bff.on('PUT /api/contracts/4/sign', () => ({ status: 409, body: { status: 409, message: '请先上传已签署的合同扫描件', field: 'files' } }));
    show(<ContractPage />, '/channel/contract');
    const bare = (await screen.findByText('HT20261')).closest('tr')!;
    expect(within(bare).queryByRole('button', { name: '标记已签署' })).toBeNull();
    expect(within(bare).getByRole('button', { name: /终\s*止/ })).toBeInTheDocument();
    const scanned = screen.getByText('HT20264').closest('tr')!;
    await userEvent.click(within(scanned).getByRole('button', { name: '标记已签署' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请先上传已签署的合同扫描件')).toBeInTheDocument();
    // the confirm is on its way out (jsdom never ends antd's leave animation)
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toHaveClass('ant-zoom-leave'));
  });

  it('shows an operator (contract:list only) no moves', async () => {
    useSession.setState({ roles: ['contract:list'] });
    show(<ContractPage />, '/mine/contract');
    const pending = (await screen.findByText('HT20261')).closest('tr')!;
    expect(within(pending).queryByRole('button', { name: '标记已签署' })).toBeNull();
    expect(within(pending).getByRole('button', { name: /详\s*情/ })).toBeInTheDocument();
  });
});

describe('合同模板', { timeout: 60_000 }, () => {
  it('lets an operator receive a published template not yet received, and staff publish a draft', async () => {
    useSession.setState({ roles: ['contractTemplate:list', 'contractTemplate:receive'] });
    show(<TemplatePage />, '/mine/contractTemplate');
    const first = (await screen.findByText('模板1')).closest('tr')!;
    expect(within(first).getByRole('button', { name: /领\s*取/ })).toBeInTheDocument();
    const second = screen.getByText('模板2').closest('tr')!;
    expect(within(second).queryByRole('button', { name: /领\s*取/ })).toBeNull();
    expect(within(second).getByText('已领取')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /发\s*布/ })).toBeNull();
  });

  it('shows staff 发布 on an unpublished template only', async () => {
    useSession.setState({ roles: ['contractTemplate:list', 'contractTemplate:edit'] });
    show(<TemplatePage />, '/channel/contractTemplate');
    const draft = (await screen.findByText('模板3')).closest('tr')!;
    expect(within(draft).getByRole('button', { name: /发\s*布/ })).toBeInTheDocument();
    const published = screen.getByText('模板1').closest('tr')!;
    expect(within(published).queryByRole('button', { name: /发\s*布/ })).toBeNull();
    expect(within(published).queryByRole('button', { name: /领\s*取/ })).toBeNull();
  });

  it('previews a template with sample values for what the system fills and the defaults for the rest', async () => {
    useSession.setState({ roles: ['contractTemplate:list'] });
    show(<TemplatePage />, '/channel/contractTemplate');
    const first = (await screen.findByText('模板1')).closest('tr')!;
    await userEvent.click(within(first).getByRole('button', { name: /预\s*览/ }));
    await waitFor(() => expect(document.querySelector('[data-template-preview]')).not.toBeNull());
    const preview = document.querySelector<HTMLElement>('[data-template-preview]')!;
    expect(preview).toHaveTextContent('Agency: 示例渠道有限公司');
    expect(preview).toHaveTextContent('Rate: 5%');
    expect(preview).not.toHaveTextContent('{{agencyName}}');
    // a variable without a value stays marked as missing
    expect(within(preview).getByText('{{region}}')).toHaveAttribute('title', '该变量还没有值');
  });
});

describe('the template dialog', { timeout: 60_000 }, () => {
  it('shows the variables the system fills as 系统填写, read-only, with the preview waiting for a file', async () => {
    useSession.setState({ roles: ['contractTemplate:add'] });
    show(<TemplateDialog editing="new" onClose={() => undefined} onSaved={() => undefined} />, '/channel/contractTemplate');
    const dialog = await screen.findByRole('dialog');
    const keys = await within(dialog).findAllByLabelText('变量名');
    expect(keys.map((k) => (k as HTMLInputElement).value)).toEqual(['agencyName', 'startDate', 'endDate']);
    const values = within(dialog).getAllByLabelText('默认值');
    expect(values).toHaveLength(3);
    for (const v of values) {
      expect(v).toHaveValue('系统填写');
      expect(v).toBeDisabled();
    }
    // a variable of the template's own takes a default
    await userEvent.click(within(dialog).getByRole('button', { name: /添加变量/ }));
    const key = within(dialog).getAllByLabelText('变量名')[3];
    await userEvent.type(key, 'rate');
    const own = within(dialog).getAllByLabelText('默认值')[3];
    expect(own).toBeEnabled();
    await userEvent.type(own, '5%');
    expect(own).toHaveValue('5%');
    // renaming it to a system variable makes it 系统填写
    await userEvent.clear(key);
    await userEvent.type(key, 'amount');
    await waitFor(() => expect(within(dialog).getAllByLabelText('默认值')[3]).toHaveValue('系统填写'));
    expect(within(dialog).getByText('上传模板文件后显示预览')).toBeInTheDocument();
  });
});

describe('the contract drawer', { timeout: 60_000 }, () => {
  it("shows the template's text with the contract's own values filled in", async () => {
    useSession.setState({ roles: ['contract:list'] });
    bff.on('GET /api/contracts/1', () => ({
      status: 200,
      body: {
        ...contract(1, 'pending_sign', false, 0),
        variables: [
          { key: 'agencyName', label: '渠道名称', value: '杭州云栖商贸有限公司' },
          { key: 'rate', label: '佣金', value: '5%' },
        ],
        files: [],
        templateFileUrl: '/api/files/t.pdf',
      },
    }));
    show(<ContractDrawer id={1} onClose={() => undefined} onChanged={() => undefined} />, '/channel/contract');
    await screen.findByText('合同正文（已填写变量）');
    await waitFor(() => expect(document.querySelector('[data-template-preview]')).not.toBeNull());
    const text = document.querySelector<HTMLElement>('[data-template-preview]')!;
    expect(text).toHaveTextContent('Agency: 杭州云栖商贸有限公司');
    expect(text).toHaveTextContent('Rate: 5%');
    // {{region}} is not a variable of this contract: it stays as the template wrote it
    expect(text).toHaveTextContent('region {{region}}');
  });
});
