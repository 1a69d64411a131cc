import { App as AntApp } from 'antd';
import { getRuntime } from '@/shared/lib/runtime';
import { ClientBinder } from './ClientBinder';
import { toastTop } from './box';

/**
 * antd's App (message, notification and modal holders) for the request client. Loaded lazily
 * beside the routes, not around them: the sign-in page renders without waiting for the modal
 * and notification code, which would not fit /login's first-load budget.
 */
export default function Feedback() {
  return (
    // the request client's errors start where the frame's toasts do (app/box.ts)
    <AntApp component={false} message={{ top: toastTop(getRuntime().container) }}>
      <ClientBinder />
    </AntApp>
  );
}
