import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { App, Button, Input, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { imageFiles, policyUploader, UploadRefused, type ImageUploader } from './upload';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Where pasted and dropped images go (default: the bucket when the BFF has one, else the BFF's upload endpoint). */
  uploadImage?: ImageUploader;
  height?: number;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Rich-text editor on contentEditable: formatting buttons, full-screen and source-code views,
 * pasted or dropped images uploaded and inserted. The HTML is cleaned on the server before it is
 * stored (platform/richtext); here it is only edited.
 */
export default function RichText({ value = '', onChange, uploadImage, height = 300 }: RichTextProps) {
  const t = useT();
  const { message } = App.useApp();
  const editor = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);
  const [full, setFull] = useState(false);
  const upload = useMemo(() => uploadImage ?? policyUploader(), [uploadImage]);

  // outside changes (a form reset) reach the editor; its own edits do not re-render it
  useEffect(() => {
    if (editor.current && editor.current.innerHTML !== value) editor.current.innerHTML = value;
  }, [value, source]);

  const emit = () => onChange?.(editor.current?.innerHTML ?? '');
  const exec = (cmd: string, arg?: string) => {
    editor.current?.focus();
    document.execCommand?.(cmd, false, arg);
    emit();
  };

  const insertImages = async (files: File[]) => {
    for (const f of files) {
      try {
        const url = await upload(f);
        const html = `<img src="${escapeAttr(url)}" alt="${escapeAttr(f.name)}" />`;
        editor.current?.focus();
        // at the caret where the browser can; at the end otherwise
        if (!document.execCommand?.('insertHTML', false, html)) editor.current?.insertAdjacentHTML('beforeend', html);
        emit();
      } catch (err) {
        void message.error(err instanceof UploadRefused ? err.message : t('upload.failed'));
      }
    }
  };
  const onPaste = (e: ClipboardEvent) => {
    const files = imageFiles(e.clipboardData?.files);
    if (files.length === 0) return;
    e.preventDefault();
    void insertImages(files);
  };
  const onDrop = (e: DragEvent) => {
    const files = imageFiles(e.dataTransfer?.files);
    if (files.length === 0) return;
    e.preventDefault();
    void insertImages(files);
  };

  const tool = (title: string, icon: React.ReactNode, onClick: () => void, active = false, disabled = source) => (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );

  return (
    <div
      className="monomer-richtext"
      data-fullscreen={full || undefined}
      style={{
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        background: '#fff',
        ...(full ? { position: 'fixed', inset: 0, zIndex: 1000, borderRadius: 0 } : {}),
      }}
    >
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%', boxSizing: 'border-box' }}>
        {tool(t('rt.bold'), <BoldOutlined />, () => exec('bold'))}
        {tool(t('rt.italic'), <ItalicOutlined />, () => exec('italic'))}
        {tool(t('rt.underline'), <UnderlineOutlined />, () => exec('underline'))}
        {tool(t('rt.ol'), <OrderedListOutlined />, () => exec('insertOrderedList'))}
        {tool(t('rt.ul'), <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
        {tool(t('rt.source'), <CodeOutlined />, () => setSource((s) => !s), source, false)}
        {tool(t('rt.fullscreen'), full ? <FullscreenExitOutlined /> : <FullscreenOutlined />, () => setFull((f) => !f), full, false)}
      </Space>
      {source ? (
        <Input.TextArea
          aria-label={t('rt.source')}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          style={{ height: full ? 'calc(100vh - 42px)' : height, fontFamily: 'monospace', border: 0, borderRadius: 0 }}
        />
      ) : (
        <div
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-label={t('rt.editor')}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          onPaste={onPaste}
          onDrop={onDrop}
          style={{ minHeight: full ? 'calc(100vh - 42px)' : height, padding: '8px 12px', outline: 'none', overflow: 'auto' }}
        />
      )}
    </div>
  );
}
