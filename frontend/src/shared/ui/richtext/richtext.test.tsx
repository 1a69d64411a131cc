import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '@ant-design/cssinjs';
import { App as AntApp, Button, Modal } from 'antd';
import { Suspense, useState } from 'react';
import { Providers } from '@/app/providers';
import { client } from '@/shared/api';
import { useLanguage } from '@/shared/lib/i18n';
import { fakeBff, type FakeBff } from '@/test/fakeBff';
import { bffUploader, checkImage, imageFiles, policyUploader, RichText, tokenDeadline, UploadRefused } from '.';

// jsdom has no layout: ProseMirror measures the selection to scroll it into view.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const rects = () => Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect;
  Range.prototype.getClientRects = rects;
  HTMLElement.prototype.getClientRects = rects;
  document.elementFromPoint = () => null;
});

let bff: FakeBff;
beforeEach(() => {
  bff = fakeBff();
  bff.on('POST /api/contract/upload', () => ({ status: 201, body: { id: 1, url: '/api/files/a.png', uri: '/api/files/a.png', readUrl: '/api/files/a.png', downloadUrl: '/api/files/a.png/download', originalName: 'a.png' } }));
  client.axios.defaults.adapter = bff.adapter;
});
afterEach(() => {
  client.axios.defaults.adapter = undefined;
  act(() => useLanguage.setState({ language: 'zh-CN' }));
});

function Harness({ upload, seen, initial }: { upload?: (f: File) => Promise<string>; seen: (html: string) => void; initial: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <Suspense fallback="loading">
      <RichText value={html} uploadImage={upload} onChange={(h) => { setHtml(h); seen(h); }} />
      <Button onClick={() => setHtml('<p>重置后</p>')}>reset</Button>
    </Suspense>
  );
}

function renderEditor({ upload, initial = '<p>你好</p>', onCancel }: { upload?: (f: File) => Promise<string>; initial?: string; onCancel?: () => void } = {}) {
  const seen = vi.fn();
  const harness = <Harness upload={upload} seen={seen} initial={initial} />;
  render(
    <Providers container={null} styleCache={createCache()}>
      <AntApp>{onCancel ? <Modal open title="对话框" onCancel={onCancel} footer={null}>{harness}</Modal> : harness}</AntApp>
    </Providers>,
  );
  return seen;
}

const editorBox = () => screen.findByRole('textbox', { name: '富文本编辑器' });
const png = (name = 'shot.png', size = 1) => new File([new Uint8Array(size)], name, { type: 'image/png' });
/** A paste as ProseMirror reads it: files, and no text or HTML. */
const paste = (box: HTMLElement, files: File[]) => fireEvent.paste(box, { clipboardData: { files, types: ['Files'], getData: () => '' } });

/** Selects the whole text (ProseMirror's Mod-a), as a user does before a toolbar button. */
async function selectAll(user: ReturnType<typeof userEvent.setup>, box: HTMLElement) {
  box.focus();
  await user.keyboard('{Control>}a{/Control}');
}

describe('rich text', { timeout: 30_000 }, () => {
  it('object-storage token deadline is hours × 3600 s from now', () => {
    expect(tokenDeadline(2, 1_000)).toBe(8_200);
    expect(tokenDeadline(0.5, 0)).toBe(1_800);
  });
  it('only images are uploaded from a paste or a drop', () => {
    const files = [png('a.png'), new File(['x'], 'a.txt', { type: 'text/plain' })];
    expect(imageFiles(files as unknown as FileList).map((f) => f.name)).toEqual(['a.png']);
    expect(imageFiles(null)).toEqual([]);
  });
  it('pictures are held to the upload limits: 5 MB and picture types', () => {
    expect(checkImage(png('a.png', 5 * 1024 * 1024))).toBe('');
    expect(checkImage(png('a.png', 5 * 1024 * 1024 + 1))).toBe('上传图片大小不能超过 5 MB!');
    expect(checkImage(new File(['x'], 'a.tiff', { type: 'image/tiff' }))).toMatch(/^只能上传 png, jpg, .* 格式的文件$/);
    expect(checkImage(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('');
  });
  it('the default uploader posts to the BFF and answers the read URL', async () => {
    expect(await bffUploader()(png('a.png'))).toBe('/api/files/a.png');
    expect((bff.calls[0].data as FormData).get('file')).toBeInstanceOf(File);
  });
  it('on local disk the picture goes through the BFF, and the policy is not asked again', async () => {
    bff.on('POST /api/files/imagePolicy', () => ({ status: 200, body: { storage: 'local', maxBytes: 5 << 20 } }));
    const upload = policyUploader();
    const pic = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await upload(pic)).toBe('/api/files/a.png');
    expect(await upload(pic)).toBe('/api/files/a.png');
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

  it('with a Qiniu or OSS bucket the picture goes to the vendor with its fields and is read at the vendor', async () => {
    const posted: FormData[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(url).toBe('https://up.vendor.test/');
      posted.push(init.body as FormData);
      return new Response(null, { status: 201 });
    });
    try {
      bff.on('POST /api/files/imagePolicy', () => ({
        status: 200,
        body: { storage: 'qiniu', maxBytes: 10, url: 'https://up.vendor.test/', fields: { token: 'AK:s:p', key: 'k.png' }, key: 'k.png', readUrl: 'https://img.vendor.test/k.png' },
      }));
      expect(await policyUploader()(new File(['1'], 'a.png', { type: 'image/png' }))).toBe('https://img.vendor.test/k.png');
      expect([...posted[0].keys()]).toEqual(['token', 'key', 'file']);
      bff.on('POST /api/files/imagePolicy', () => ({
        status: 200,
        body: { storage: 'oss', maxBytes: 10, url: 'https://up.vendor.test/', fields: { key: 'o.png', policy: 'p', OSSAccessKeyId: 'AK', Signature: 's', success_action_status: '201' }, key: 'o.png', readUrl: 'https://img.vendor.test/o.png' },
      }));
      expect(await policyUploader()(new File(['1'], 'a.png', { type: 'image/png' }))).toBe('https://img.vendor.test/o.png');
      expect([...posted[1].keys()]).toEqual(['key', 'policy', 'OSSAccessKeyId', 'Signature', 'success_action_status', 'Content-Type', 'file']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the value; a new value from outside (a form reset) replaces the text', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    const box = await editorBox();
    expect(box.innerHTML).toBe('<p>你好</p>');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(box.innerHTML).toBe('<p>重置后</p>'));
    expect(seen).not.toHaveBeenCalled();
  });

  it('formatting buttons change the HTML handed out', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    const box = await editorBox();
    await selectAll(user, box);
    await user.click(screen.getByRole('button', { name: '加粗' }));
    expect(seen).toHaveBeenLastCalledWith('<p><strong>你好</strong></p>');
    expect(screen.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '删除线' }));
    expect(seen).toHaveBeenLastCalledWith('<p><strong><s>你好</s></strong></p>');
    await user.click(screen.getByRole('button', { name: '居中' }));
    expect(seen).toHaveBeenLastCalledWith('<p style="text-align: center;"><strong><s>你好</s></strong></p>');
    await user.click(screen.getByRole('button', { name: '无序列表' }));
    expect(seen.mock.lastCall?.[0]).toMatch(/^<ul><li><p style="text-align: center;">/);
    // undo takes back the last group of quick edits: the list at least
    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect(seen.mock.lastCall?.[0]).toMatch(/^<p( style="text-align: center;")?><strong><s>你好<\/s><\/strong><\/p>$/);
  });

  it('a text colour comes from the palette; 默认颜色 takes it off', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    const box = await editorBox();
    await selectAll(user, box);
    await user.click(screen.getByRole('button', { name: '文字颜色' }));
    await user.click(await screen.findByRole('button', { name: '#f5222d' }));
    expect(seen).toHaveBeenLastCalledWith('<p><span style="color: rgb(245, 34, 45);">你好</span></p>');
    await user.click(screen.getByRole('button', { name: '文字颜色' }));
    await user.click(await screen.findByRole('button', { name: '默认颜色' }));
    expect(seen).toHaveBeenLastCalledWith('<p>你好</p>');
  });

  it('a link needs http(s) or mailto; the chosen text becomes the link', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    const box = await editorBox();
    await selectAll(user, box);
    await user.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByRole('textbox', { name: '链接地址' });
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(await screen.findByText('链接须以 http://、https:// 或 mailto: 开头')).toBeInTheDocument();
    expect(seen).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, 'https://example.com{Enter}');
    expect(seen).toHaveBeenLastCalledWith('<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">你好</a></p>');
  });

  it('tables: insert, add a row and a column, delete them again', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    await editorBox();
    const table = async (item: string) => {
      await user.click(screen.getByRole('button', { name: '表格' }));
      const menu = await screen.findByRole('menu');
      await user.click(within(menu).getByText(item));
      const html = seen.mock.lastCall?.[0] as string;
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return { rows: doc.querySelectorAll('tr').length, cols: doc.querySelector('tr')?.children.length ?? 0, headers: doc.querySelectorAll('th').length };
    };
    expect(await table('插入表格')).toEqual({ rows: 3, cols: 3, headers: 3 });
    expect(seen.mock.lastCall?.[0]).toContain('<table><tbody><tr><th><p></p></th>');
    expect(await table('下方插入行')).toEqual({ rows: 4, cols: 3, headers: 3 });
    expect(await table('右侧插入列')).toEqual({ rows: 4, cols: 4, headers: 4 });
    expect(await table('删除列')).toEqual({ rows: 4, cols: 3, headers: 3 });
    // the caret is still in the heading row, which goes
    expect(await table('删除行')).toEqual({ rows: 3, cols: 3, headers: 0 });
    await table('删除表格');
    expect(seen.mock.lastCall?.[0]).not.toContain('<table');
  });

  it('a pasted image is uploaded and inserted; what comes next goes after it', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(async () => '/api/files/p.png');
    const seen = renderEditor({ upload });
    const box = await editorBox();
    const file = png();
    paste(box, [file]);
    await waitFor(() => expect(upload).toHaveBeenCalledWith(file));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/api/files/p.png" alt="shot.png">')));
    await user.click(screen.getByRole('button', { name: '表格' }));
    await user.click(within(await screen.findByRole('menu')).getByText('插入表格'));
    expect(seen.mock.lastCall?.[0]).toMatch(/<img src="\/api\/files\/p.png" alt="shot.png"><table>/);
  });

  it('a chosen image (插入图片) is uploaded and inserted; one over the size limit is refused before uploading', async () => {
    const upload = vi.fn(async () => '/api/files/c.png');
    const seen = renderEditor({ upload });
    await editorBox();
    const input = screen.getByLabelText('插入图片', { selector: 'input' });
    fireEvent.change(input, { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('上传图片大小不能超过 5 MB!')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [png('chosen.png')] } });
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/api/files/c.png" alt="chosen.png">')));
  });

  // A drop needs layout (ProseMirror places it by coordinates): e2e/richtext.test.mjs drops one.
  it('an uploader refusing in words shows them; nothing is inserted', async () => {
    const seen = renderEditor({
      upload: async () => {
        throw new UploadRefused('请先登录');
      },
    });
    paste(await editorBox(), [png()]);
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
    expect(seen).not.toHaveBeenCalled();
  });

  it('a failing upload shows 上传失败', async () => {
    renderEditor({
      upload: async () => {
        throw new Error('upload failed: 500');
      },
    });
    paste(await editorBox(), [png()]);
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
  });

  it('source view edits the HTML; back in the editor it is read as the editor keeps it', async () => {
    const user = userEvent.setup();
    const seen = renderEditor();
    await editorBox();
    await user.click(screen.getByRole('button', { name: '源代码' }));
    const src = screen.getByRole('textbox', { name: '源代码' });
    expect(src).toHaveValue('<p>你好</p>');
    expect(screen.queryByRole('textbox', { name: '富文本编辑器' })).toBeNull();
    expect(screen.getByRole('button', { name: '加粗' })).toBeDisabled();
    await user.type(src, '<b>x</b>');
    expect(seen).toHaveBeenLastCalledWith('<p>你好</p><b>x</b>');
    await user.click(screen.getByRole('button', { name: '源代码' }));
    expect((await editorBox()).innerHTML).toBe('<p>你好</p><p><strong>x</strong></p>');
    expect(seen).toHaveBeenLastCalledWith('<p>你好</p><p><strong>x</strong></p>');
  });

  it('full screen covers the window; Esc leaves it and does not close the dialog around it', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderEditor({ onCancel });
    const box = await editorBox();
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(document.querySelector('.monomer-richtext')).toHaveAttribute('data-fullscreen', 'true');
    fireEvent.keyDown(box, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(document.querySelector('.monomer-richtext')).not.toHaveAttribute('data-fullscreen');
    expect(onCancel).not.toHaveBeenCalled();
    // out of full screen, Esc is the dialog's again
    fireEvent.keyDown(box, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('speaks English when the console does', async () => {
    act(() => useLanguage.setState({ language: 'en-US' }));
    renderEditor();
    expect(await screen.findByRole('textbox', { name: 'Rich-text editor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Table' })).toBeInTheDocument();
  });
});
