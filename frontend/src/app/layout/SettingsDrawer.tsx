import { useEffect, useState, type ReactNode } from 'react';
import { App, Drawer, Switch, theme } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useT, type MessageKey } from '@/shared/lib/i18n';
import { THEME_SWATCHES, useSettings, type LayoutSettings } from './settings';

type SwitchKey = 'dark' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'uniqueOpened' | 'showFooter';
/** The settings that restyle every component: applied behind the 正在编译主题 message. */
type ThemeKey = 'theme' | 'dark';

const SWITCHES: { key: SwitchKey; label: MessageKey }[] = [
  { key: 'dark', label: 'settings.dark' },
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
  { key: 'uniqueOpened', label: 'settings.uniqueOpened' },
  { key: 'showFooter', label: 'settings.showFooter' },
];
const THEME_MESSAGE = 'mall-theme';
const row = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '12px 0' } as const;

/** Calls onShown once its message has been committed and painted. */
function WhenShown({ children, onShown }: { children: ReactNode; onShown: () => void }) {
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(onShown);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, [onShown]);
  return children;
}

/**
 * A theme change (docs/decisions.md "Workspace look"): 正在编译主题 shows first; the change is applied once that message
 * is on screen; when the commit that re-rendered every component with the new tokens has run
 * (antd writes their styles before effects run), 布局设置成功 takes its place.
 */
function useThemeChange() {
  const t = useT();
  const { message } = App.useApp();
  const settings = useSettings();
  const [pending, setPending] = useState<{ key: ThemeKey; value: LayoutSettings[ThemeKey] } | null>(null);

  useEffect(() => {
    if (pending && settings[pending.key] === pending.value) {
      void message.success({ key: THEME_MESSAGE, content: t('settings.saved') });
      setPending(null);
    }
  }, [pending, settings, message, t]);

  return <K extends ThemeKey>(key: K, value: LayoutSettings[K]) => {
    if (settings[key] === value) return;
    let applied = false;
    const apply = () => {
      if (applied) return;
      applied = true;
      if (useSettings.getState().change(key, value)) setPending({ key, value });
      else message.destroy(THEME_MESSAGE);
    };
    void message.loading({
      key: THEME_MESSAGE,
      content: <WhenShown onShown={apply}>{t('settings.compilingTheme')}</WhenShown>,
      duration: 0,
    });
  };
}

function Swatches({ value, onPick }: { value: string; onPick: (color: string) => void }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <div role="radiogroup" aria-label={t('settings.theme')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {THEME_SWATCHES.map((color) => {
        const checked = color.toLowerCase() === value.toLowerCase();
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={color}
            title={color}
            onClick={() => onPick(color)}
            style={{
              width: 24,
              height: 24,
              padding: 0,
              borderRadius: token.borderRadiusSM,
              border: `1px solid ${token.colorBorder}`,
              background: color,
              color: '#fff',
              cursor: 'pointer',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {checked && <CheckOutlined aria-hidden />}
          </button>
        );
      })}
    </div>
  );
}

/** 布局设置: theme colour and the layout switches, kept across reloads; each change says 布局设置成功. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const settings = useSettings();
  const changeTheme = useThemeChange();

  return (
    <Drawer title={t('user.menu.settings')} open={open} onClose={onClose} width={300}>
      <div style={{ ...row, alignItems: 'flex-start', flexDirection: 'column', gap: 8 }}>
        <span>{t('settings.theme')}</span>
        <Swatches value={settings.theme} onPick={(color) => changeTheme('theme', color)} />
      </div>
      {SWITCHES.map(({ key, label }) => (
        <div key={key} style={row}>
          <span id={`setting-${key}`}>{t(label)}</span>
          <Switch
            aria-labelledby={`setting-${key}`}
            checked={settings[key]}
            onChange={(value) => {
              if (key === 'dark') return changeTheme('dark', value);
              settings.change(key, value);
              void message.success(t('settings.saved'));
            }}
          />
        </div>
      ))}
    </Drawer>
  );
}
