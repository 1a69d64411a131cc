import { useNavigate } from 'react-router';
import { App } from 'antd';
import { markRead } from './api';
import { useNotify } from './store';
import type { StoredMessage } from './types';

/** The key of the one 新消息 notification (MessageStream). */
export const NEW_MESSAGES_KEY = 'new-messages';

/**
 * Marks a message read (when it is not) and opens its record; the bell's, the page's and the
 * notification's click. The 新消息 notification goes too: what it announced is being read.
 */
export function useOpenMessage(): (m: StoredMessage) => void {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  return (m) => {
    notification.destroy(NEW_MESSAGES_KEY);
    if (!m.read) {
      useNotify.getState().markedRead([m.id]);
      markRead([m.id]).catch(() => undefined); // the client told the failure
    }
    if (m.link) navigate(m.link);
  };
}
