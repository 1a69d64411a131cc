import { describe, expect, it } from 'vitest';
import { addFile, canAdd, checkFile, DEFAULT_LIMIT, DEFAULT_MAX_MB, DEFAULT_TYPES, exceeds, removeFile, toUploadedFile } from './logic';

const answer = { id: 7, url: '/api/files/a.png', originalName: '合同.png', uri: '/api/files/a.png', readUrl: '/api/files/a.png', downloadUrl: '/api/files/a.png/download' };

describe('upload rules', () => {
  it('defaults: 5 MB, one file, pdf and images', () => {
    expect(DEFAULT_MAX_MB).toBe(5);
    expect(DEFAULT_LIMIT).toBe(1);
    expect(DEFAULT_TYPES).toEqual(['pdf', 'png', 'jpg', 'jpeg', 'svg', 'webp', 'bmp']);
  });
  it('maps the answer to the list entry: fileUrl from uri, path and readUrl from readUrl', () => {
    expect(toUploadedFile(answer)).toEqual({
      id: 7, originalName: '合同.png', name: '合同.png', fileUrl: '/api/files/a.png', path: '/api/files/a.png',
      readUrl: '/api/files/a.png', downloadUrl: '/api/files/a.png/download', fileType: 'png',
    });
  });
  it('adding appends, removing takes out by fileUrl', () => {
    const a = toUploadedFile(answer);
    const b = { ...a, fileUrl: '/api/files/b.png' };
    const list = addFile(addFile([], a), b);
    expect(list.map((f) => f.fileUrl)).toEqual(['/api/files/a.png', '/api/files/b.png']);
    expect(removeFile(list, '/api/files/a.png')).toEqual([b]);
    expect(removeFile(list, '/nope')).toEqual(list);
  });
  it.each([
    [{ name: 'a.png', size: 5 * 1024 * 1024 }, 5, ''],
    [{ name: 'a.png', size: 5 * 1024 * 1024 + 1 }, 5, '上传图片大小不能超过 5 MB!'],
    [{ name: 'a.PDF', size: 1 }, 5, ''],
    [{ name: 'a.exe', size: 1 }, 5, '只能上传 pdf, png, jpg, jpeg, svg, webp, bmp 格式的文件'],
    [{ name: 'noext', size: 1 }, 5, '只能上传 pdf, png, jpg, jpeg, svg, webp, bmp 格式的文件'],
    [{ name: 'a.png', size: 2 * 1024 * 1024 + 1 }, 2, '上传图片大小不能超过 2 MB!'],
  ])('checkFile(%j, %i MB) = %j', (f, mb, want) => expect(checkFile(f, mb, DEFAULT_TYPES)).toBe(want));
  it('configurable types, e.g. doc and docx', () => {
    expect(checkFile({ name: 'a.docx', size: 1 }, 5, ['doc', 'docx'])).toBe('');
    expect(checkFile({ name: 'a.png', size: 1 }, 5, ['doc', 'docx'])).not.toBe('');
  });
  it.each([
    [0, 1, 1, false],
    [0, 2, 1, true],
    [1, 1, 1, true],
    [3, 2, 5, false],
    [4, 2, 5, true],
  ])('have %i + %i over limit %i: %s', (have, n, limit, want) => expect(exceeds(have, n, limit)).toBe(want));
  it('the add button hides at the limit', () => {
    expect(canAdd(0, 1)).toBe(true);
    expect(canAdd(1, 1)).toBe(false);
    expect(canAdd(4, 5)).toBe(true);
  });
});
