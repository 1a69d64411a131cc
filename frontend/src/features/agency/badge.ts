/** What the frame's header shows of a channel session's agency (imported by app/layout). */
export { AgencyBadge } from './AgencyBadge';
