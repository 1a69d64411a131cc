import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp } from 'antd';
import { Suspense, useState } from 'react';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { bffUploader, imageFiles, policyUploader, RichText, tokenDeadline, UploadRefused } from '.';

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('POST /api/contract/upload', () => ({ status: 201, body: { id: 1, url: '/api/files/a.png', uri: '/api/files/a.png', readUrl: '/api/files/a.png', downloadUrl: '/api/files/a.png/download', originalName: 'a.png' } }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
});

function Harness({ upload, seen }: { upload?: (f: File) => Promise<string>; seen: (html: string) => void }) {
  const [html, setHtml] = useState('<p>你好</p>');
  return (
    <Suspense fallback="loading">
      <RichText value={html} uploadImage={upload} onChange={(h) => { setHtml(h); seen(h); }} />
    </Suspense>
  );
}

function renderEditor(upload?: (f: File) => Promise<string>) {
  const seen = vi.fn();
  render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>
        <Harness upload={upload} seen={seen} />
      </AntApp>
    </Providers>,
  );
  return seen;
}

describe('rich text', { timeout: 30_000 }, () => {
  it('object-storage token deadline is hours × 3600 s from now', () => {
    expect(tokenDeadline(2, 1_000)).toBe(8_200);
    expect(tokenDeadline(0.5, 0)).toBe(1_800);
  });
  it('only images are uploaded from a paste or a drop', () => {
    const files = [new File(['x'], 'a.png', { type: 'image/png' }), new File(['x'], 'a.txt', { type: 'text/plain' })];
    expect(imageFiles(files as unknown as FileList).map((f) => f.name)).toEqual(['a.png']);
    expect(imageFiles(null)).toEqual([]);
  });
  it('the default uploader posts to the BFF and answers the read URL', async () => {
    expect(await bffUploader()(new File(['x'], 'a.png', { type: 'image/png' }))).toBe('/api/files/a.png');
    expect((bff.calls[0].data as FormData).get('file')).toBeInstanceOf(File);
  });
  it('on local disk the picture goes through the BFF, and the policy is not asked again', async () => {
    bff.on('POST /api/files/imagePolicy', () => ({ status: 200, body: { storage: 'local', maxBytes: 5 << 20 } }));
    const upload = policyUploader();
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await upload(png)).toBe('/api/files/a.png');
    expect(await upload(png)).toBe('/api/files/a.png');
    expect(bff.calls.map((c) => c.path)).toEqual(['/api/files/imagePolicy', '/api/contract/upload', '/api/contract/upload']);
    expect(JSON.parse(bff.calls[0].data as string)).toEqual({ contentType: 'image/png' });
  });
  it('with object storage the picture is posted to the bucket under the policy, the file last', async () => {
    bff.on('POST /api/files/imagePolicy', () => ({
      status: 200,
      body: { storage: 's3', maxBytes: 4, url: 'http://bucket.test/up', fields: { key: 'k.png', policy: 'p', 'Content-Type': 'image/png' }, key: 'k.png', readUrl: '/api/files/k.png' },
    }));
    const posted: FormData[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(url).toBe('http://bucket.test/up');
      posted.push(init.body as FormData);
      return new Response(null, { status: 204 });
    });
    try {
      const upload = policyUploader();
      expect(await upload(new File(['1234'], 'a.png', { type: 'image/png' }))).toBe('/api/files/k.png');
      expect([...posted[0].keys()]).toEqual(['key', 'policy', 'Content-Type', 'file']);
      expect(posted[0].get('Content-Type')).toBe('image/png');
      await expect(upload(new File(['12345'], 'b.png', { type: 'image/png' }))).rejects.toBeInstanceOf(UploadRefused);
      // SVG never goes to the bucket: the BFF's upload checks it
      expect(await upload(new File(['<svg/>'], 'c.svg', { type: 'image/svg+xml' }))).toBe('/api/files/a.png');
      expect(posted).toHaveLength(1);
      expect(bff.calls.map((c) => c.path)).toEqual(['/api/files/imagePolicy', '/api/files/imagePolicy', '/api/contract/upload']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('a pasted image is uploaded and inserted', async () => {
    const upload = vi.fn(async () => '/api/files/p.png');
    const seen = renderEditor(upload);
    const box = await screen.findByRole('textbox', { name: '富文本编辑器' });
    expect(box.innerHTML).toBe('<p>你好</p>');
    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    fireEvent.paste(box, { clipboardData: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith(file));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/api/files/p.png" alt="shot.png">')));
  });
  it('an uploader refusing in words shows them; any other failure shows 上传失败; nothing is inserted', async () => {
    const seen = renderEditor(async () => {
      throw new UploadRefused('请先登录');
    });
    const box = await screen.findByRole('textbox', { name: '富文本编辑器' });
    fireEvent.paste(box, { clipboardData: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
    expect(seen).not.toHaveBeenCalled();
  });
  it('a failing upload shows 上传失败', async () => {
    renderEditor(async () => {
      throw new Error('upload failed: 500');
    });
    const box = await screen.findByRole('textbox', { name: '富文本编辑器' });
    fireEvent.paste(box, { clipboardData: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
  });
  it('source view edits the HTML; full screen covers the window', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    await screen.findByRole('textbox', { name: '富文本编辑器' });
    await user.click(screen.getByRole('button', { name: '源代码' }));
    const src = screen.getByRole('textbox', { name: '源代码' });
    expect(src).toHaveValue('<p>你好</p>');
    await user.type(src, '<b>x</b>');
    expect(seen).toHaveBeenLastCalledWith('<p>你好</p><b>x</b>');
    await user.click(screen.getByRole('button', { name: '源代码' }));
    expect((await screen.findByRole('textbox', { name: '富文本编辑器' })).innerHTML).toBe('<p>你好</p><b>x</b>');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(document.querySelector('.monomer-richtext')).toHaveAttribute('data-fullscreen', 'true');
  });
});
