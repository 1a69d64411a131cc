import { featureMessages, type Messages } from '@/shared/lib/i18n';

/**
 * The editor's strings, zh-CN then en-US: they load with the editor's lazy chunk, not at sign-in.
 * The upload messages (上传失败, size and type limits) are the shared ones of upload/.
 */
export const messages = {
  'rt.bold': ['加粗', 'Bold'],
  'rt.italic': ['斜体', 'Italic'],
  'rt.underline': ['下划线', 'Underline'],
  'rt.ol': ['有序列表', 'Numbered list'],
  'rt.ul': ['无序列表', 'Bulleted list'],
  'rt.source': ['源代码', 'Source code'],
  'rt.fullscreen': ['全屏', 'Full screen'],
  'rt.editor': ['富文本编辑器', 'Rich-text editor'],
  'rt.placeholder': ['请输入内容', 'Type here'],
  'rt.strike': ['删除线', 'Strikethrough'],
  'rt.heading': ['段落格式', 'Paragraph style'],
  'rt.paragraph': ['正文', 'Body text'],
  'rt.h': ['标题 {n}', 'Heading {n}'],
  'rt.alignLeft': ['左对齐', 'Align left'],
  'rt.alignCenter': ['居中', 'Centre'],
  'rt.alignRight': ['右对齐', 'Align right'],
  'rt.link': ['链接', 'Link'],
  'rt.linkUrl': ['链接地址', 'Link address'],
  'rt.linkBad': ['链接须以 http://、https:// 或 mailto: 开头', 'A link starts with http://, https:// or mailto:'],
  'rt.linkSet': ['确定', 'OK'],
  'rt.unlink': ['移除链接', 'Remove link'],
  'rt.color': ['文字颜色', 'Text colour'],
  'rt.colorNone': ['默认颜色', 'Default colour'],
  'rt.image': ['插入图片', 'Insert picture'],
  'rt.table': ['表格', 'Table'],
  'rt.tableInsert': ['插入表格', 'Insert table'],
  'rt.rowAfter': ['下方插入行', 'Add row below'],
  'rt.colAfter': ['右侧插入列', 'Add column to the right'],
  'rt.rowDelete': ['删除行', 'Delete row'],
  'rt.colDelete': ['删除列', 'Delete column'],
  'rt.tableDelete': ['删除表格', 'Delete table'],
  'rt.undo': ['撤销', 'Undo'],
  'rt.redo': ['重做', 'Redo'],
  'rt.fullscreenExit': ['退出全屏', 'Leave full screen'],
} as const satisfies Messages;

export const { t, useT } = featureMessages(messages);
