import '@ant-design/v5-patch-for-react-19';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { StyleProvider, type createCache } from '@ant-design/cssinjs';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import { useLanguage } from '@/shared/lib/i18n';
import { PermissionsProvider } from '@/shared/lib/access';
import { useSession } from '@/features/auth';
import { antdSize, sizeTokens, useAppStore } from '@/app/layout/app';
import { useSettings } from '@/app/layout/settings';
import { useReducedMotion } from '@/shared/lib/motion';

export interface ProvidersProps {
  /**
   * Embedded: the host's container. antd's CSS-in-JS styles and every popup (modal, drawer,
   * dropdown, message, notification) go in there, so unmount takes them away with it.
   */
  container: HTMLElement | null;
  /** A fresh style cache per mount: styles are written again into the new container. */
  styleCache: ReturnType<typeof createCache>;
  children: ReactNode;
}

export function Providers({ container, styleCache, children }: ProvidersProps) {
  const language = useLanguage((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colorPrimary = useSettings((s) => s.theme);
  const dark = useSettings((s) => s.dark);
  // shared blocks (table buttons) check permissions through this context, not the auth feature
  const roles = useSession((s) => s.roles);
  const still = useReducedMotion();
  // Theme colour, dark mode, size and reduced motion reach every antd component through this one theme.
  // Links (row actions 编辑/重置密码, <a>, Typography.Link) take antd's colorLink, which derives
  // from colorInfo, not colorPrimary: it is set to the theme colour so they follow it too.
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary, colorLink: colorPrimary, motion: !still, ...sizeTokens(size) },
    }),
    [colorPrimary, dark, size, still],
  );

  // zh-CN is the default and ships in the entry; en-US is fetched when chosen.
  const [enUS, setEnUS] = useState<Locale | null>(null);
  useEffect(() => {
    if (language !== 'en-US' || enUS) return;
    let live = true;
    void import('antd/es/locale/en_US').then((module) => live && setEnUS(module.default));
    return () => {
      live = false;
    };
  }, [language, enUS]);

  return (
    <StyleProvider container={container ?? undefined} cache={styleCache}>
      <ConfigProvider
        locale={language === 'en-US' && enUS ? enUS : zhCN}
        componentSize={antdSize(size)}
        theme={themeConfig}
        getPopupContainer={container ? () => container : undefined}
        // Two-character Chinese labels keep their text as written (确定, 取消): tests find them by name.
        button={{ autoInsertSpace: false }}
      >
        <PermissionsProvider value={roles}>{children}</PermissionsProvider>
      </ConfigProvider>
    </StyleProvider>
  );
}
