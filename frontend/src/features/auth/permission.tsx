import type { ReactNode } from 'react';
import { useSession } from '@/stores/session';

/** The superuser's permission string: it passes every check. */
export const ADMIN = 'admin';

/** True when `held` contains at least one of `wanted` (or admin). Throws on an empty list (seed-spec §5). */
export function hasPermission(held: readonly string[], wanted: readonly string[]): boolean {
  if (!Array.isArray(wanted) || wanted.length === 0) {
    throw new Error('need roles! Like <Permission roles={["user:add"]}>');
  }
  return held.includes(ADMIN) || wanted.some((p) => held.includes(p));
}

/** Whether the signed-in user holds one of the permissions. Hiding is a convenience: the server checks too. */
export function usePermission(wanted: readonly string[]): boolean {
  const held = useSession((s) => s.roles);
  return hasPermission(held, wanted);
}

/** Shows its children only to a user holding at least one of `roles` (eladmin's v-permission). */
export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : null;
}
