import { useNotify } from '@/features/notify/store';

/** What a qiankun host's initGlobalState lends its micro apps in their props. */
type SetGlobalState = (state: Record<string, unknown>) => boolean | void;

/**
 * Embedded, the host's own menu shows the console's unread count: it goes into qiankun's global
 * state as `mallUnread` whenever it changes (docs for portal authors: deploy/README.md "Unread count
 * from the console"). A host that never called initGlobalState lends no setGlobalState: nothing
 * is shared. Returns the stop function.
 */
export function shareUnread(props: Record<string, unknown>): () => void {
  const setGlobalState = props.setGlobalState;
  if (typeof setGlobalState !== 'function') return () => undefined;
  let last: number | null = null;
  const push = (count: number) => {
    if (count === last) return;
    last = count;
    try {
      (setGlobalState as SetGlobalState)({ mallUnread: count });
    } catch {
      // a host's failing state is not the console's failure
    }
  };
  push(useNotify.getState().unread);
  return useNotify.subscribe((s) => push(s.unread));
}
