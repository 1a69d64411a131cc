import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import MineCertPage from './MineCertPage';

let bff: FakeBff;
let n = 0;
const front = { name: '王小明', gender: '男', ethnicity: '汉', birth: '1990-03-07', address: '北京市东城区示例路一号院二号楼', number: '110101199003070011', authority: '', validity: '' };

beforeEach(() => {
  bff = fakeBff();
  n = 0;
  bff.on('GET /api/olEnterpriseCert/mine', () => ({ status: 200, body: { cert: null } }));
  bff.on('POST /api/contract/upload', () => {
    n++;
    return { status: 201, body: { id: n, url: `/api/files/${n}.png`, originalName: `f${n}.png`, uri: `/api/files/${n}.png`, readUrl: `/api/files/${n}.png`, downloadUrl: `/api/files/${n}.png/download` } };
  });
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  cleanup(); // unmount before the fake BFF goes: no request of a mounted page reaches the network
  client.axios.defaults.adapter = undefined;
  vi.useRealTimers();
});

const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

function renderPage() {
  render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>
        <MineCertPage />
      </AntApp>
    </Providers>,
  );
}

const input = (side: string) => document.querySelector(`[data-testid="upload-${side}"] input[type=file]`) as HTMLInputElement;

/** The page unsigned, then a front picture uploaded under fake timers that also follow the real
 * clock (so the upload's own timers run), stepped by hand by the test. */
async function uploadFrontOnTheClock(name: string) {
  renderPage();
  await screen.findByText('未认证');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ applyAccept: false, advanceTimers: vi.advanceTimersByTime });
  await user.upload(input('front'), png(name));
}

/** Pictures listed on the front; items on their way out (antd's leave animation) are gone already. */
const listed = () =>
  document.querySelectorAll('[data-testid="upload-front"] .ant-upload-list-item-container:not(.ant-upload-animate-inline-leave)').length;

describe('企业认证', { timeout: 60_000 }, () => {
  it('reads the front once uploaded and fills the representative and the number', async () => {
    bff.on('GET /api/olEnterpriseCert/ocrIdCard', (config) => {
      bff.queries.push({ ...(config.params as Record<string, unknown>) });
      return { status: 200, body: front };
    });
    renderPage();
    await screen.findByText('未认证');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input('front'), png('front.png'));
    await waitFor(() => expect(screen.getByLabelText('法定代表人')).toHaveValue('王小明'));
    expect(screen.getByLabelText('法人身份证号码')).toHaveValue('110101199003070011');
    expect(bff.queries).toEqual([{ fileId: 1, side: 'front' }]);
    expect(screen.getByTestId('ocr-result')).toHaveTextContent('北京市东城区示例路一号院二号楼');
  });

  it('a failed read says why and clears the list after 0.5 s', async () => {
    bff.on('GET /api/olEnterpriseCert/ocrIdCard', () => ({
      status: 422,
      body: { status: 422, code: 'unprocessable', message: '无法识别身份证，请上传清晰、完整的身份证照片' },
    }));
    await uploadFrontOnTheClock('blank.png');
    expect(await screen.findByTestId('ocr-error-front')).toHaveTextContent('身份证识别失败：无法识别身份证，请上传清晰、完整的身份证照片');
    // the picture stays listed until 0.5 s after the failure …
    expect(listed()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(listed()).toBe(1);
    // … and is gone then
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(listed()).toBe(0);
  });

  it('with the reading off the picture stays and the operator is told to type the fields', async () => {
    bff.on('GET /api/olEnterpriseCert/ocrIdCard', () => ({
      status: 503,
      body: { status: 503, code: 'unavailable', message: '未启用身份证识别，请手动填写' },
    }));
    await uploadFrontOnTheClock('front.png');
    expect(await screen.findByTestId('ocr-manual-front')).toHaveTextContent('未启用身份证识别，请手动填写（图片已保留）');
    expect(screen.queryByTestId('ocr-error-front')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(listed()).toBe(1);
  });

  it('shows the rejection and its reason, and offers to submit again', async () => {
    bff.on('GET /api/olEnterpriseCert/mine', () => ({
      status: 200,
      body: {
        cert: {
          id: 3, agencyId: 1, agencyName: 'A', companyName: '杭州云栖商贸有限公司', creditCode: '91350100M000100Y43', legalPerson: '王小明',
          idNumber: '110101199003070011', status: 'rejected', reason: '营业执照不清晰', submitTime: '2026-11-26 10:00:00',
          idFront: { id: 1, url: '/api/files/1.png' }, idBack: { id: 2, url: '/api/files/2.png' }, license: { id: 3, url: '/api/files/3.png' },
        },
      },
    }));
    renderPage();
    expect(await screen.findByText('企业认证已驳回：营业执照不清晰')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新提交' })).toBeEnabled();
    expect(screen.getByLabelText('企业名称')).toHaveValue('杭州云栖商贸有限公司');
  });
});
