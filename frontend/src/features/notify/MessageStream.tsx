import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { App } from 'antd';
import { useSession } from '@/features/auth';
import { useOpenMessage } from './Bell';
import { startLive } from './live';
import { useT } from './messages';
import { showsLink } from './paths';

/**
 * The tab's one live stream: opened once the session is known (token and roles), closed at
 * logout (the token goes) and at unmount. A new message is told in a small 新消息 notification,
 * unless its page is the one shown. onTodo: the header's 待办 count.
 */
export function MessageStream({ onTodo }: { onTodo?: (count: number) => void }) {
  const t = useT();
  const { notification } = App.useApp();
  const token = useSession((s) => s.token);
  const ready = useSession((s) => s.roles.length > 0);
  const location = useLocation();
  // read by the stream's callbacks, which outlive the render that made them
  const here = useRef(location);
  const openMessage = useOpenMessage();
  const latest = useRef({ t, notification, openMessage, onTodo });
  useEffect(() => {
    here.current = location;
    latest.current = { t, notification, openMessage, onTodo };
  });

  useEffect(() => {
    if (!token || !ready) return;
    return startLive({
      onTodo: (n) => latest.current.onTodo?.(n),
      onMessage: (m) => {
        const { pathname, search } = here.current;
        if (showsLink(pathname, search, m.link)) return;
        const { t: tr, notification: n, openMessage: open } = latest.current;
        const key = `message-${m.id}`;
        n.info({
          key,
          message: tr('msg.new'),
          description: m.title,
          duration: 6,
          style: { cursor: 'pointer' },
          onClick: () => {
            n.destroy(key);
            open(m);
          },
        });
      },
    });
  }, [token, ready]);
  return null;
}
