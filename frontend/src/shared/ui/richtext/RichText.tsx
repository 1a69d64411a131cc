import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { App, Input, theme } from 'antd';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useT } from './messages';
import { caretAfter, editorExtensions } from './extensions';
import { Toolbar } from './Toolbar';
import { checkImage, imageFiles, IMAGE_TYPES, policyUploader, UploadRefused, type ImageUploader } from './upload';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Where pasted, dropped and chosen images go (default: the bucket when the BFF has one, else the BFF's upload endpoint). */
  uploadImage?: ImageUploader;
  height?: number;
}

/**
 * Tiptap brings no styles: the few the text needs to look as it will be shown. The neutral colours
 * are variables the editor sets from antd's theme tokens, so the text area follows dark mode.
 */
const CSS = `
.monomer-richtext .ProseMirror { outline: none; padding: 8px 12px; box-sizing: border-box; min-height: var(--rt-height); }
.monomer-richtext .ProseMirror p { margin: 0 0 4px; }
.monomer-richtext .ProseMirror img { max-width: 100%; height: auto; }
.monomer-richtext .ProseMirror img.ProseMirror-selectednode { outline: 2px solid #1677ff; }
.monomer-richtext .ProseMirror table { border-collapse: collapse; margin: 4px 0; width: 100%; table-layout: fixed; }
.monomer-richtext .ProseMirror th, .monomer-richtext .ProseMirror td { border: 1px solid var(--rt-border, #d9d9d9); padding: 4px 8px; vertical-align: top; position: relative; }
.monomer-richtext .ProseMirror th { background: var(--rt-fill, #fafafa); font-weight: 600; text-align: left; }
.monomer-richtext .ProseMirror .selectedCell::after { content: ''; position: absolute; inset: 0; background: rgba(22,119,255,.12); pointer-events: none; }
.monomer-richtext .ProseMirror blockquote { margin: 4px 0; padding-left: 12px; border-left: 3px solid var(--rt-border, #d9d9d9); color: var(--rt-text-secondary, #595959); }
.monomer-richtext .ProseMirror pre { background: var(--rt-fill, #f5f5f5); padding: 8px; border-radius: 4px; }
.monomer-richtext .ProseMirror p.is-editor-empty:first-child::before { content: attr(data-placeholder); color: var(--rt-placeholder, #bfbfbf); float: left; height: 0; pointer-events: none; }
`;

/**
 * Rich-text editor (Tiptap): headings, marks, colour, alignment, lists, links, tables, pictures
 * (pasted, dropped or chosen, uploaded first), a source view and full screen. The HTML is cleaned
 * on the server before it is stored (platform/richtext); here it is only edited.
 */
export default function RichText({ value = '', onChange, uploadImage, height = 300 }: RichTextProps) {
  const t = useT();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [source, setSource] = useState<string | null>(null);
  const [full, setFull] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // the HTML last handed out: a value coming back equal to it is the editor's own, not a reset
  const emitted = useRef(value);
  // one policy uploader per editor: it remembers whether the BFF has a bucket
  const [fallbackUpload] = useState(() => policyUploader());
  const latest = useRef({ onChange, upload: uploadImage ?? fallbackUpload });
  latest.current = { onChange, upload: uploadImage ?? fallbackUpload };

  const insertImages = async (editor: Editor, files: File[], at?: number) => {
    for (const file of files) {
      const refused = checkImage(file);
      if (refused) {
        void message.error(refused);
        continue;
      }
      try {
        const src = await latest.current.upload(file);
        const image = { type: 'image', attrs: { src, alt: file.name } };
        const chain = editor.chain().focus();
        (at === undefined ? chain.insertContent(image) : chain.insertContentAt(at, image))
          .command(caretAfter)
          .run();
        at = undefined; // the next one goes after it
      } catch (err) {
        void message.error(err instanceof UploadRefused ? err.message : t('upload.failed'));
      }
    }
  };

  // made once: new extension objects on each render would make Tiptap reapply its options
  const [extensions] = useState(() => editorExtensions(t('rt.placeholder')));
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': t('rt.editor') },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        void insertImages(editorRef.current!, files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(editorRef.current!, files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      latest.current.onChange?.(html);
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;

  // outside changes (a form reset, a record loaded) reach the editor; its own edits do not
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Esc leaves full screen and goes no further: a dialog around the editor stays open
  useEffect(() => {
    if (!full) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      setFull(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [full]);

  const toggleSource = () => {
    if (source === null) return setSource(editor.isEmpty ? '' : editor.getHTML());
    // back to the editor: the HTML as the editor reads it, handed out like any edit
    editor.commands.setContent(source, { emitUpdate: true });
    setSource(null);
  };
  const editSource = (html: string) => {
    setSource(html);
    emitted.current = html;
    onChange?.(html);
  };

  return (
    <div
      className="monomer-richtext"
      data-fullscreen={full || undefined}
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: 6,
        // the container colour of the theme: a fixed white left the dark theme's light icons invisible
        background: token.colorBgContainer,
        color: token.colorText,
        ['--rt-border' as string]: token.colorBorder,
        ['--rt-fill' as string]: token.colorFillQuaternary,
        ['--rt-text-secondary' as string]: token.colorTextSecondary,
        ['--rt-placeholder' as string]: token.colorTextPlaceholder,
        // above a surrounding dialog (1000), below antd's pop-ups (1050) so menus still open
        ...(full ? { position: 'fixed', inset: 0, zIndex: 1001, borderRadius: 0, display: 'flex', flexDirection: 'column' } : {}),
      }}
    >
      <style>{CSS}</style>
      <Toolbar
        editor={editor}
        source={source !== null}
        full={full}
        onSource={toggleSource}
        onFull={() => setFull((f) => !f)}
        onPickImages={() => picker.current?.click()}
      />
      <input
        ref={picker}
        type="file"
        style={{ display: 'none' }}
        multiple
        aria-label={t('rt.image')}
        accept={IMAGE_TYPES.map((type) => `.${type}`).join(',')}
        onChange={(e) => {
          void insertImages(editor, imageFiles(e.target.files));
          e.target.value = '';
        }}
      />
      {source !== null ? (
        <Input.TextArea
          aria-label={t('rt.source')}
          value={source}
          onChange={(e) => editSource(e.target.value)}
          style={{ height: full ? undefined : height, flex: full ? 1 : undefined, fontFamily: 'monospace', border: 0, borderRadius: 0 }}
        />
      ) : null}
      <div
        style={{
          '--rt-height': full ? 'calc(100vh - 80px)' : `${height}px`,
          ...(full ? { flex: 1, overflow: 'auto' } : {}),
          ...(source !== null ? { display: 'none' } : {}),
        } as CSSProperties}
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
