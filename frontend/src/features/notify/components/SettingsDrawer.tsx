import { useEffect, useState } from 'react';
import { App, Drawer, List, Spin, Switch, Typography } from 'antd';
import { getSettings, saveSettings } from '../api';
import { useT } from '../messages';
import { isMessageType, type TypeSetting } from '../types';

/** 接收设置: a switch per type; each change saves the whole list of types turned off. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [rows, setRows] = useState<TypeSetting[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    getSettings().then((r) => live && setRows(r), () => live && setRows([]));
    return () => {
      live = false;
    };
  }, [open]);

  const toggle = async (type: string, enabled: boolean) => {
    if (!rows) return;
    const next = rows.map((r) => (r.type === type ? { ...r, enabled } : r));
    try {
      await saveSettings(next.filter((r) => !r.enabled).map((r) => r.type));
      setRows(next);
      void message.success(t('msg.settings.saved'));
    } catch {
      // the client told why; the switch stays as it was
    }
  };

  return (
    <Drawer title={t('msg.settings')} open={open} onClose={onClose} width={360} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('msg.settings.hint')}</Typography.Paragraph>
      {rows === null ? (
        <Spin />
      ) : (
        <List
          dataSource={rows}
          renderItem={(r) => {
            const label = isMessageType(r.type) ? t(`msg.type.${r.type}`) : r.label;
            return (
              <List.Item key={r.type} extra={<Switch aria-label={label} checked={r.enabled} onChange={(on) => void toggle(r.type, on)} />}>
                {label}
              </List.Item>
            );
          }}
        />
      )}
    </Drawer>
  );
}
