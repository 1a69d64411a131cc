/// <reference types="node" />
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type ChainedCommands } from '@tiptap/core';
import { editorExtensions } from './extensions';

/**
 * The HTML the editor produces, feature by feature, kept in the BFF's test data: the sanitiser's
 * test (bff/internal/platform/richtext) checks that each sample survives cleaning unchanged.
 * When the editor's output changes this test fails; RICHTEXT_FIXTURES=write rewrites the file
 * (and the Go test then says whether the sanitiser still lets it through).
 */
// vitest runs in frontend/ (jsdom's import.meta.url is no file URL)
const FIXTURES = join(process.cwd(), '..', 'bff', 'internal', 'platform', 'richtext', 'testdata', 'editor-output.json');
const PICTURE = '/api/files/0123456789abcdef0123456789abcdef.png';

type Edit = (c: ChainedCommands) => ChainedCommands;
/**
 * A feature: the text it starts from (all of it selected) and what the toolbar does to it, one
 * click after the other (table commands read the table as the previous click left it).
 */
const FEATURES: Record<string, [string, ...Edit[]]> = {
  heading1: ['<p>标题一</p>', (c) => c.setHeading({ level: 1 })],
  heading2: ['<p>标题二</p>', (c) => c.setHeading({ level: 2 })],
  heading3: ['<p>标题三</p>', (c) => c.setHeading({ level: 3 })],
  bold: ['<p>加粗</p>', (c) => c.toggleBold()],
  italic: ['<p>斜体</p>', (c) => c.toggleItalic()],
  underline: ['<p>下划线</p>', (c) => c.toggleUnderline()],
  strike: ['<p>删除线</p>', (c) => c.toggleStrike()],
  allMarks: ['<p>全部</p>', (c) => c.toggleBold().toggleItalic().toggleUnderline().toggleStrike()],
  code: ['<p>x = 1</p>', (c) => c.toggleCode()],
  codeBlock: ['<p>go build ./...</p>', (c) => c.toggleCodeBlock()],
  blockquote: ['<p>引用</p>', (c) => c.toggleBlockquote()],
  colorHex: ['<p>红字</p>', (c) => c.setColor('#f5222d')],
  colorBold: ['<p>蓝色粗体</p>', (c) => c.setColor('#1677ff').toggleBold()],
  alignCenter: ['<p>居中</p>', (c) => c.setTextAlign('center')],
  alignRight: ['<h2>右对齐标题</h2>', (c) => c.setTextAlign('right')],
  bulletList: ['<p>一</p><p>二</p>', (c) => c.toggleBulletList()],
  orderedList: ['<p>一</p><p>二</p>', (c) => c.toggleOrderedList()],
  link: ['<p>官网</p>', (c) => c.setLink({ href: 'https://example.com/a?b=1&c=2' })],
  mailto: ['<p>写信</p>', (c) => c.setLink({ href: 'mailto:shop@example.com' })],
  hardBreak: ['<p>第一行</p>', (c) => c.setTextSelection(4).setHardBreak().insertContent('第二行')],
  horizontalRule: ['<p>上</p>', (c) => c.setTextSelection(3).setHorizontalRule()],
  uploadedImage: ['<p>图</p>', (c) => c.setTextSelection(3).setImage({ src: PICTURE, alt: 'logo.png' })],
  httpsImage: ['<p>图</p>', (c) => c.setTextSelection(3).setImage({ src: 'https://cdn.example.com/a.png', alt: 'a.png' })],
  table: ['<p>表</p>', (c) => c.setTextSelection(3).insertTable({ rows: 2, cols: 2, withHeaderRow: true }).insertContent('名称')],
  tableGrown: ['<p>表</p>', (c) => c.setTextSelection(3).insertTable({ rows: 2, cols: 2, withHeaderRow: true }), (c) => c.addRowAfter(), (c) => c.addColumnAfter()],
  tableShrunk: ['<p>表</p>', (c) => c.setTextSelection(3).insertTable({ rows: 3, cols: 3, withHeaderRow: false }), (c) => c.deleteRow(), (c) => c.deleteColumn()],
};

/** HTML from elsewhere (a paste, the source view), as the editor keeps it. */
const READ: Record<string, string> = {
  mergedCells: '<table><tr><th colspan="2">合并</th></tr><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>',
  pastedStyles: '<div style="font-family: Arial"><span style="color: rgb(255, 0, 0); font-size: 20px">红</span><b>粗</b><font color="blue">蓝</font></div>',
  orderedFrom3: '<ol start="3"><li>三</li><li>四</li></ol>',
  nestedList: '<ul><li>一<ul><li>一点一</li></ul></li></ul>',
};

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function produce(content: string, ...edits: Edit[]): string {
  editor?.destroy();
  editor = new Editor({ extensions: editorExtensions(), content });
  edits.forEach((edit, i) => expect(edit(i === 0 ? editor!.chain().selectAll() : editor!.chain()).run(), content).toBe(true));
  return editor.getHTML();
}

describe('editor output kept for the sanitiser test', () => {
  it('each feature produces the HTML in testdata/editor-output.json', () => {
    const samples: Record<string, string> = {};
    for (const [name, [content, ...edits]] of Object.entries(FEATURES)) samples[name] = produce(content, ...edits);
    for (const [name, html] of Object.entries(READ)) samples[name] = produce(html);
    if (process.env.RICHTEXT_FIXTURES === 'write') writeFileSync(FIXTURES, JSON.stringify(samples, null, 2) + '\n');
    expect(samples).toEqual(JSON.parse(readFileSync(FIXTURES, 'utf8')));
  });
  it('every feature changes the HTML (a command that did nothing would test nothing)', () => {
    for (const [name, [content, ...edits]] of Object.entries(FEATURES)) expect(produce(content, ...edits), name).not.toBe(produce(content));
  });
});
