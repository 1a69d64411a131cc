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

/**
 * A warning above the form (the host portal refused the sign-in), drawn with the theme's warning
 * colours; the sign-in page keeps antd's Alert, its icons and motion out of its first load.
 */
export function FormWarning({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      role="alert"
      style={{
        marginBottom: 16,
        padding: '8px 12px',
        color: token.colorText,
        background: token.colorWarningBg,
        border: `1px solid ${token.colorWarningBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      {children}
    </div>
  );
}
