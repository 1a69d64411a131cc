import type { ReactNode } from 'react';
import { hasPermission } from '@/shared/lib/access';
import { useSession } from './session';

export { ADMIN, hasPermission } from '@/shared/lib/access';

/** Whether the signed-in user holds one of the permissions. Hiding is a convenience: the server checks too. */
export function usePermission(wanted: readonly string[]): boolean {
  const held = useSession((s) => s.roles);
  return hasPermission(held, wanted);
}

/** Shows its children only to a user holding at least one of `roles` (eladmin's v-permission). */
export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : null;
}
