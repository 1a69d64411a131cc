import { Drawer, Typography } from 'antd';
import { useT } from '@/shared/lib/i18n';

/** 布局设置: only a placeholder drawer for now; the settings panel is a later issue. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer title={t('user.menu.settings')} open={open} onClose={onClose} width={300}>
      <Typography.Paragraph type="secondary">{t('layout.settings.later')}</Typography.Paragraph>
    </Drawer>
  );
}
