import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useT } from './messages';
import { useNotify } from './store';

export { useOpenMessage } from './openMessage';

const BellList = lazy(() => import('./BellList'));

/** The header's bell: the unread count (99+); a click opens the newest messages (BellList). */
export function MessageBell() {
  const t = useT();
  const unread = useNotify((s) => s.unread);
  const [open, setOpen] = useState(false);
  const list = (
    <Suspense fallback={<div style={{ width: 360, textAlign: 'center', padding: 16 }}><Spin size="small" /></div>}>
      <BellList onClose={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={open ? list : null} title={t('msg.title')}>
      <Button type="text" aria-label={`${t('msg.bell')} ${unread}`} title={t('msg.bell')}>
        <Badge count={unread} overflowCount={99} size="small" offset={[6, -2]} data-testid="message-badge">
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
