import type { ReactNode } from 'react';
import { theme } from 'antd';
import { useProductTitle } from '@/shared/lib/brand';
import { LanguageSwitch } from '@/shared/ui/LanguageSwitch';

/**
 * Centered panel on a quiet background, shared by the two sign-in pages. Plain elements styled
 * with antd tokens: Card and Typography would pull Tabs, Menu and Tooltip into /login's first load.
 */
export function AuthShell({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const title = useProductTitle();
  const { token } = theme.useToken();
  return (
    <main
      style={{
        // Fills the app's box (the window standalone, the host's container embedded; app/box.ts).
        flex: '1 0 auto',
        // the language switch sits in its top right corner
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        boxSizing: 'border-box',
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      {/* The language can be chosen before signing in, as in the frame's header (issue 16). */}
      <div style={{ position: 'absolute', top: 12, right: 12 }}>
        <LanguageSwitch />
      </div>
      <section
        aria-labelledby="auth-title"
        style={{
          width: 380,
          maxWidth: '100%',
          padding: '32px 32px 24px',
          boxSizing: 'border-box',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1
          id="auth-title"
          style={{ textAlign: 'center', margin: '0 0 4px', fontSize: token.fontSizeHeading3, fontWeight: 600 }}
        >
          {title}
        </h1>
        <p style={{ textAlign: 'center', margin: '0 0 24px', color: token.colorTextSecondary }}>{subtitle}</p>
        {children}
      </section>
    </main>
  );
}
