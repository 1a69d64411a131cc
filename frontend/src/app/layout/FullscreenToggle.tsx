import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';

/** Full screen on and off; where the browser cannot, a warning (docs/decisions.md "Workspace look"). */
export function FullscreenToggle() {
  const t = useT();
  const { message } = App.useApp();
  const [full, setFull] = useState(() => !!document.fullscreenElement);

  // The listener goes with the frame (nothing may stay behind after an unmount).
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('fullscreen.unsupported'));
      return;
    }
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => void message.warning(t('fullscreen.unsupported')));
  };

  return (
    <Button
      type="text"
      aria-label={t('layout.fullscreen')}
      aria-pressed={full}
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
