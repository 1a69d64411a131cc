import { useNavigate } from 'react-router';
import { markRead } from './api';
import { useNotify } from './store';
import type { StoredMessage } from './types';

/** Marks a message read (when it is not) and opens its record; the bell's and the page's click. */
export function useOpenMessage(): (m: StoredMessage) => void {
  const navigate = useNavigate();
  return (m) => {
    if (!m.read) {
      useNotify.getState().markedRead([m.id]);
      markRead([m.id]).catch(() => undefined); // the client told the failure
    }
    if (m.link) navigate(m.link);
  };
}
