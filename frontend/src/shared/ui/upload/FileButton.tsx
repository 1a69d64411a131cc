import { useState, type ReactNode } from 'react';
import { App, Button, Upload, type ButtonProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

export interface FileButtonProps {
  /** Extensions the picker offers (without the dot). */
  types: string[];
  /** Why a chosen file may not go ('' when it may): said as an error, nothing is sent. */
  check: (file: File) => string;
  /** Sends the file; a failure has been told by the request client. */
  send: (file: File) => Promise<void>;
  children: ReactNode;
  buttonProps?: ButtonProps;
}

/**
 * A button that picks one file, checks it here and sends it at once, spinning meanwhile (the
 * avatar, an agency's logo, 存储管理's 上传): no upload list, the caller shows the result.
 */
export function FileButton({ types, check, send, children, buttonProps }: FileButtonProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={types.map((x) => '.' + x).join(',')}
      showUploadList={false}
      beforeUpload={(file) => {
        const why = check(file);
        if (why) {
          void message.error(why);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file }) => {
        setBusy(true);
        try {
          await send(file as File);
        } catch {
          // the request client has shown the server's reason
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button icon={<UploadOutlined aria-hidden />} loading={busy} {...buttonProps}>
        {children}
      </Button>
    </Upload>
  );
}
