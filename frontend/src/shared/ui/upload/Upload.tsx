import { useRef, useState } from 'react';
import { App, Button, theme, Upload as AntUpload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { http } from '@/shared/api';
import { useT } from '@/shared/lib/i18n';
import { getRuntime } from '@/shared/lib/runtime';
import {
  DEFAULT_ACTION,
  DEFAULT_LIMIT,
  DEFAULT_MAX_MB,
  DEFAULT_TYPES,
  addFile,
  canAdd,
  checkFile,
  exceeds,
  removeFile,
  toUploadedFile,
  type UploadAnswer,
  type UploadedFile,
} from './logic';

export interface UploadProps {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** Upload endpoint (default POST /api/contract/upload). */
  action?: string;
  /** Sent with the file: type, code, orderId, businessId. */
  data?: Record<string, string>;
  limit?: number;
  maxMB?: number;
  /** Accepted extensions, e.g. ['doc', 'docx']. */
  types?: string[];
  /** Tip under the button; false hides it. */
  tip?: string | false;
  listType?: 'picture-card' | 'text';
  label?: string;
}

/**
 * Upload (docs/decisions.md "Building blocks (issue 5)"): adding appends, removing takes out by fileUrl and deletes on the
 * server, the add button hides at the limit, size and type are checked before sending, going over
 * the limit shows the 提示 warning that stays until closed, a progress bar while sending.
 */
export function Upload(props: UploadProps) {
  const { action = DEFAULT_ACTION, limit = DEFAULT_LIMIT, maxMB = DEFAULT_MAX_MB, types = DEFAULT_TYPES } = props;
  const t = useT();
  const { message, notification } = App.useApp();
  // the hint's grey from the theme, so it stays readable in dark mode
  const { token } = theme.useToken();
  const [inner, setInner] = useState<UploadedFile[]>([]);
  const files = props.value ?? inner;
  const filesRef = useRef(files);
  filesRef.current = files;
  const [busy, setBusy] = useState<UploadFile[]>([]);
  // files accepted but still on their way count against the limit too
  const sending = useRef(0);
  const batchCheck = useRef<{ batch: unknown; over: boolean }>({ batch: null, over: false });

  const change = (next: UploadedFile[]) => {
    filesRef.current = next;
    setInner(next);
    props.onChange?.(next);
  };

  const shown: UploadFile[] = [
    ...files.map((f) => ({
      uid: f.fileUrl,
      name: f.originalName,
      status: 'done' as const,
      // relative to the API (another origin when embedded)
      url: getRuntime().apiBase + f.readUrl,
      thumbUrl: getRuntime().apiBase + f.readUrl,
    })),
    ...busy,
  ];

  return (
    <div>
      <AntUpload
        accept={types.map((x) => '.' + x).join(',')}
        multiple
        listType={props.listType ?? 'picture-card'}
        fileList={shown}
        beforeUpload={(file, batch) => {
          // the count is decided once per chosen batch, at its first file
          if (batchCheck.current.batch !== batch) {
            const over = exceeds(filesRef.current.length + sending.current, batch.length, limit);
            batchCheck.current = { batch, over };
            if (over) notification.warning({ message: t('upload.limit.title'), description: t('upload.limit.body', { n: limit }), duration: 0 });
          }
          if (batchCheck.current.over) return AntUpload.LIST_IGNORE;
          const why = checkFile(file, maxMB, types);
          if (why) {
            void message.error(why);
            return AntUpload.LIST_IGNORE;
          }
          return true;
        }}
        // the list is ours (controlled): antd's own progress/success callbacks are not used
        customRequest={async ({ file }) => {
          const f = file as File & { uid: string };
          const entry: UploadFile = { uid: f.uid, name: f.name, status: 'uploading', percent: 0 };
          sending.current++;
          setBusy((b) => [...b, entry]);
          const form = new FormData();
          form.append('file', f);
          for (const [k, v] of Object.entries(props.data ?? {})) form.append(k, v);
          try {
            const answer = await http.post<UploadAnswer>(action, form, {
              onUploadProgress: (e) => {
                const percent = e.total ? Math.round((e.loaded / e.total) * 100) : 0;
                setBusy((b) => b.map((x) => (x.uid === f.uid ? { ...x, percent } : x)));
              },
            });
            change(addFile(filesRef.current, toUploadedFile(answer)));
          } catch {
            void message.error(t('upload.failed'));
          } finally {
            sending.current--;
            setBusy((b) => b.filter((x) => x.uid !== f.uid));
          }
        }}
        onRemove={async (item) => {
          const f = filesRef.current.find((x) => x.fileUrl === item.uid);
          if (!f) return true;
          try {
            if (f.id !== undefined) await http.delete(`/api/actattach/delete/${f.id}`);
          } catch {
            return false;
          }
          change(removeFile(filesRef.current, f.fileUrl));
          return true;
        }}
      >
        {canAdd(files.length + busy.length, limit) ? (
          props.listType === 'text' ? (
            <Button icon={<UploadOutlined />}>{props.label ?? t('upload.add')}</Button>
          ) : (
            <div>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{props.label ?? t('upload.add')}</div>
            </div>
          )
        ) : null}
      </AntUpload>
      {props.tip !== false ? (
        <div className="monomer-upload-tip" style={{ color: token.colorTextDescription, fontSize: 12 }}>
          {props.tip ??
            // the catalogue's tip (DECISIONS) for the default; a caller's own limits are said as they are
            (props.limit === undefined && props.maxMB === undefined ? t('upload.tip') : t('upload.tipOf', { n: limit, mb: maxMB }))}
        </div>
      ) : null}
    </div>
  );
}
