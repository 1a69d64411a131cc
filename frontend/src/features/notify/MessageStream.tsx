import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App } from 'antd';
import { useSession } from '@/features/auth';
import { NEW_MESSAGES_KEY, useOpenMessage } from './openMessage';
import { startLive } from './live';
import { useT } from './messages';
import { showsLink } from './paths';

const toastKey = NEW_MESSAGES_KEY;

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
  const navigate = useNavigate();
  const latest = useRef({ t, notification, openMessage, onTodo, navigate });
  const burst = useRef(0);
  useEffect(() => {
    here.current = location;
    latest.current = { t, notification, openMessage, onTodo, navigate };
  });

  useEffect(() => {
    if (!token || !ready) return;
    return startLive({
      onTodo: (n) => latest.current.onTodo?.(n),
      onMessage: (m) => {
        const { pathname, search } = here.current;
        if (showsLink(pathname, search, m.link)) return;
        const { t: tr, notification: n, openMessage: open, navigate: go } = latest.current;
        // One notification however many arrive together (a job's run may send dozens): it
        // names the newest and how many came while it was shown.
        burst.current += 1;
        const more = burst.current - 1;
        n.info({
          key: toastKey,
          message: more > 0 ? tr('msg.newMany').replace('{n}', String(more + 1)) : tr('msg.new'),
          description: m.title,
          duration: 6,
          // below, not over, the header's bell and its list of the latest messages
          placement: 'bottomRight',
          style: { cursor: 'pointer' },
          onClose: () => {
            burst.current = 0;
          },
          onClick: () => {
            n.destroy(toastKey);
            burst.current = 0;
            if (more > 0) go('/messages');
            else open(m);
          },
        });
      },
    });
  }, [token, ready]);
  return null;
}
