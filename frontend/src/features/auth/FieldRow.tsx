import type { ReactNode } from 'react';
import { theme } from 'antd';

/** One form row: the control, then its error message (announced to screen readers). */
export function FieldRow({ errorId, error, children }: { errorId: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 24, position: 'relative' }}>
      {children}
      {error ? (
        <div
          id={errorId}
          role="alert"
          style={{ position: 'absolute', top: '100%', left: 0, color: token.colorError, fontSize: token.fontSize, lineHeight: '22px' }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}
