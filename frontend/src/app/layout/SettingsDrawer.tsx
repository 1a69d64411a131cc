import { App, Drawer, Switch } from 'antd';
import { useT, type MessageKey } from '@/shared/lib/i18n';
import { useSettings, type LayoutSettings } from '@/stores/settings';

const ITEMS: { key: keyof LayoutSettings; label: MessageKey }[] = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
  { key: 'uniqueOpened', label: 'settings.uniqueOpened' },
];

/** 布局设置: the layout switches, kept across reloads; each change says 布局设置成功. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const settings = useSettings();

  return (
    <Drawer title={t('user.menu.settings')} open={open} onClose={onClose} width={300}>
      {ITEMS.map(({ key, label }) => (
        <div key={key} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '12px 0' }}>
          <span id={`setting-${key}`}>{t(label)}</span>
          <Switch
            aria-labelledby={`setting-${key}`}
            checked={settings[key]}
            onChange={(value) => {
              settings.change(key, value);
              void message.success(t('settings.saved'));
            }}
          />
        </div>
      ))}
    </Drawer>
  );
}
