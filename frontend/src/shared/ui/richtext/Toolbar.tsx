import { useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Input, Popover, Select, Space, Tooltip, theme } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  CodeOutlined,
  CompressOutlined,
  ExpandOutlined,
  FontColorsOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { useT } from './messages';
import { caretAfter, LINK_PROTOCOLS } from './extensions';

// Expand/Compress, not the frame's Fullscreen icons: sharing those would pull the editor's
// dependencies into a chunk the frame loads.

/** The text colours offered: antd's palette at its sixth shade, and black/grey. */
export const COLORS = ['#000000', '#8c8c8c', '#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96'];

const LEVELS = [1, 2, 3] as const;

export interface ToolbarProps {
  editor: Editor;
  source: boolean;
  full: boolean;
  onSource: () => void;
  onFull: () => void;
  onPickImages: () => void;
}

/** What the toolbar shows as pressed or possible, read from the editor on each change. */
function useMarks(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      ol: e.isActive('orderedList'),
      ul: e.isActive('bulletList'),
      align: (['center', 'right'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '',
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

export function Toolbar({ editor, source, full, onSource, onFull, onPickImages }: ToolbarProps) {
  const t = useT();
  const m = useMarks(editor);
  const { token } = theme.useToken();
  const run = () => editor.chain().focus();

  const tool = (title: string, icon: ReactNode, onClick: () => void, active = false, disabled = source) => (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );

  return (
    <Space size={2} wrap style={{ padding: 4, borderBottom: `1px solid ${token.colorSplit}`, width: '100%', boxSizing: 'border-box' }}>
      {tool(t('rt.undo'), <UndoOutlined />, () => run().undo().run(), false, source || !m.canUndo)}
      {tool(t('rt.redo'), <RedoOutlined />, () => run().redo().run(), false, source || !m.canRedo)}
      <Select
        size="small"
        aria-label={t('rt.heading')}
        disabled={source}
        value={m.level}
        style={{ width: 88 }}
        popupMatchSelectWidth={false}
        onChange={(level: number) => (level ? run().setHeading({ level: level as 1 | 2 | 3 }).run() : run().setParagraph().run())}
        options={[{ value: 0, label: t('rt.paragraph') }, ...LEVELS.map((n) => ({ value: n, label: t('rt.h', { n }) }))]}
      />
      {tool(t('rt.bold'), <BoldOutlined />, () => run().toggleBold().run(), m.bold)}
      {tool(t('rt.italic'), <ItalicOutlined />, () => run().toggleItalic().run(), m.italic)}
      {tool(t('rt.underline'), <UnderlineOutlined />, () => run().toggleUnderline().run(), m.underline)}
      {tool(t('rt.strike'), <StrikethroughOutlined />, () => run().toggleStrike().run(), m.strike)}
      <ColorPicker editor={editor} color={m.color} disabled={source} />
      {tool(t('rt.ol'), <OrderedListOutlined />, () => run().toggleOrderedList().run(), m.ol)}
      {tool(t('rt.ul'), <UnorderedListOutlined />, () => run().toggleBulletList().run(), m.ul)}
      {tool(t('rt.alignLeft'), <AlignLeftOutlined />, () => run().unsetTextAlign().run(), m.align === 'left')}
      {tool(t('rt.alignCenter'), <AlignCenterOutlined />, () => run().setTextAlign('center').run(), m.align === 'center')}
      {tool(t('rt.alignRight'), <AlignRightOutlined />, () => run().setTextAlign('right').run(), m.align === 'right')}
      <LinkEditor editor={editor} href={m.href} active={m.link} disabled={source} />
      <TableMenu editor={editor} inTable={m.inTable} disabled={source} />
      {tool(t('rt.image'), <PictureOutlined />, onPickImages)}
      {tool(t('rt.source'), <CodeOutlined />, onSource, source, false)}
      {tool(full ? t('rt.fullscreenExit') : t('rt.fullscreen'), full ? <CompressOutlined /> : <ExpandOutlined />, onFull, full, false)}
    </Space>
  );
}

function ColorPicker({ editor, color, disabled }: { editor: Editor; color: string; disabled: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const pick = (c: string) => {
    const chain = editor.chain().focus();
    (c ? chain.setColor(c) : chain.unsetColor()).run();
    setOpen(false);
  };
  const swatches = (
    <div style={{ width: 150 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 24px)', gap: 6 }}>
        {COLORS.map((c) => (
          <button
            key={c}
            type="button"
            aria-label={c}
            title={c}
            onClick={() => pick(c)}
            style={{ width: 24, height: 24, background: c, border: c === color ? '2px solid #1677ff' : '1px solid #d9d9d9', borderRadius: 4, cursor: 'pointer' }}
          />
        ))}
      </div>
      <Button size="small" block style={{ marginTop: 8 }} onClick={() => pick('')}>
        {t('rt.colorNone')}
      </Button>
    </div>
  );
  return (
    <Popover content={swatches} trigger="click" open={open && !disabled} onOpenChange={setOpen}>
      <Tooltip title={t('rt.color')}>
        <Button size="small" type="text" aria-label={t('rt.color')} disabled={disabled} icon={<FontColorsOutlined style={{ color: color || undefined }} />} />
      </Tooltip>
    </Popover>
  );
}

function LinkEditor({ editor, href, active, disabled }: { editor: Editor; href: string; active: boolean; disabled: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const show = (next: boolean) => {
    if (next) setUrl(href);
    setOpen(next);
  };
  const apply = () => {
    const address = url.trim();
    if (!address) return unlink();
    if (!LINK_PROTOCOLS.test(address)) return void message.error(t('rt.linkBad'));
    const chain = editor.chain().focus().extendMarkRange('link');
    // nothing chosen: the address itself becomes the linked text
    if (editor.state.selection.empty && !active) chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
    else chain.setLink({ href: address }).run();
    setOpen(false);
  };
  const unlink = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };
  const form = (
    <Space.Compact style={{ width: 320 }}>
      <Input size="small" aria-label={t('rt.linkUrl')} placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} onPressEnter={apply} autoFocus />
      <Button size="small" type="primary" onClick={apply}>
        {t('rt.linkSet')}
      </Button>
      <Button size="small" disabled={!active} onClick={unlink}>
        {t('rt.unlink')}
      </Button>
    </Space.Compact>
  );
  return (
    <Popover content={form} trigger="click" open={open && !disabled} onOpenChange={show}>
      <Tooltip title={t('rt.link')}>
        <Button size="small" type={active ? 'primary' : 'text'} aria-label={t('rt.link')} aria-pressed={active} disabled={disabled} icon={<LinkOutlined />} />
      </Tooltip>
    </Popover>
  );
}

function TableMenu({ editor, inTable, disabled }: { editor: Editor; inTable: boolean; disabled: boolean }) {
  const t = useT();
  const run = () => editor.chain().focus();
  const items = [
    { key: 'insert', label: t('rt.tableInsert'), onClick: () => run().command(caretAfter).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    { key: 'row', label: t('rt.rowAfter'), disabled: !inTable, onClick: () => run().addRowAfter().run() },
    { key: 'col', label: t('rt.colAfter'), disabled: !inTable, onClick: () => run().addColumnAfter().run() },
    { key: 'rowDelete', label: t('rt.rowDelete'), disabled: !inTable, onClick: () => run().deleteRow().run() },
    { key: 'colDelete', label: t('rt.colDelete'), disabled: !inTable, onClick: () => run().deleteColumn().run() },
    { key: 'delete', label: t('rt.tableDelete'), danger: true, disabled: !inTable, onClick: () => run().deleteTable().run() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} disabled={disabled}>
      <Button size="small" type={inTable ? 'primary' : 'text'} aria-label={t('rt.table')} icon={<TableOutlined />} disabled={disabled} />
    </Dropdown>
  );
}
