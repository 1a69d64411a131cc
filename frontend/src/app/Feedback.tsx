import { App as AntApp } from 'antd';
import { ClientBinder } from './ClientBinder';

/**
 * antd's App (message, notification and modal holders) for the request client. Loaded lazily
 * beside the routes, not around them: the sign-in page renders without waiting for the modal
 * and notification code, which would not fit /login's first-load budget.
 */
export default function Feedback() {
  return (
    <AntApp component={false}>
      <ClientBinder />
    </AntApp>
  );
}
