import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { Upload } from './Upload';

let bff: FakeBff;
let n = 0;
beforeEach(() => {
  bff = fakeBff();
  n = 0;
  bff.on('POST /api/contract/upload', () => {
    n++;
    return { status: 201, body: { id: n, url: `/api/files/${n}.png`, originalName: `f${n}.png`, uri: `/api/files/${n}.png`, readUrl: `/api/files/${n}.png`, downloadUrl: `/api/files/${n}.png/download` } };
  });
  bff.on('DELETE /api/actattach/delete/1', () => ({ status: 200, body: '' }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function renderUpload(props: Parameters<typeof Upload>[0] = {}) {
  render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>
        <Upload {...props} />
      </AntApp>
    </Providers>,
  );
  return document.querySelector('input[type=file]') as HTMLInputElement;
}

describe('Upload', { timeout: 60_000 }, () => {
  it('a batch within the limit goes through whole; files on their way count against the limit', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const input = renderUpload({ limit: 2 });
    await user.upload(input, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(2));
    expect(bff.calls.filter((c) => c.path === '/api/contract/upload')).toHaveLength(2);
    expect(screen.queryByText('提示')).not.toBeInTheDocument();
    expect(screen.queryByText('上传')).not.toBeInTheDocument();
  });

  it("a caller's own limits are what the tip says", () => {
    renderUpload({ limit: 1, maxMB: 2 });
    expect(screen.getByText('最多上传1张图片，每张不超过2MB')).toBeInTheDocument();
  });

  it('uploads with the fields, appends, hides the add button at the limit, removes with DELETE', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const input = renderUpload({ data: { type: 'contract' } });
    expect(screen.getByText('最多上传5张图片，每张不超过5MB')).toBeInTheDocument();
    await user.upload(input, png('a.png'));
    await waitFor(() => expect(screen.queryByText('上传')).not.toBeInTheDocument());
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(1); // no entry left uploading
    const sent = bff.calls.find((c) => c.path === '/api/contract/upload')!.data as FormData;
    expect(sent.get('type')).toBe('contract');
    expect((sent.get('file') as File).name).toBe('a.png');
    await user.click(screen.getByRole('button', { name: /delete|删除/i }));
    await waitFor(() => expect(bff.calls.some((c) => c.method === 'DELETE' && c.path === '/api/actattach/delete/1')).toBe(true));
    expect(await screen.findByText('上传')).toBeInTheDocument();
  });

  it('shows the file as uploading until the answer comes (seed-spec §4 loading state)', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((r) => (answer = r));
    const done = bff.routes.get('POST /api/contract/upload')!;
    bff.on('POST /api/contract/upload', async (config) => {
      await held;
      return done(config);
    });
    const user = userEvent.setup({ applyAccept: false });
    const input = renderUpload({ limit: 2 });
    await user.upload(input, png('slow.png'));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-uploading')).toHaveLength(1));
    expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(0);
    answer();
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(1));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-uploading')).toHaveLength(0));
  });

  it('refuses a file over the size limit and a batch over the count limit (提示 stays open)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const input = renderUpload({ maxMB: 1 });
    await user.upload(input, [png('a.png'), png('b.png')]);
    expect(await screen.findByText('最多只能上传1个文件，如需上传多个文件，请打包成一个压缩包一起上传')).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();
    // rc-upload replaces its input after each choice
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png('big.png', 1024 * 1024 + 1));
    expect(await screen.findByText('上传图片大小不能超过 1 MB!')).toBeInTheDocument();
    expect(bff.calls.filter((c) => c.path === '/api/contract/upload')).toHaveLength(0);
  });
});
