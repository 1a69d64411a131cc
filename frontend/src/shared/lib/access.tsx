import { createContext, useContext, type ReactNode } from 'react';

/** The superuser's permission string: it passes every check. */
export const ADMIN = 'admin';

/** True when `held` contains at least one of `wanted` (or admin). Throws on an empty list (eladmin's v-permission). */
export function hasPermission(held: readonly string[], wanted: readonly string[]): boolean {
  if (!Array.isArray(wanted) || wanted.length === 0) {
    throw new Error('need roles! Like <Permission roles={["user:add"]}>');
  }
  return held.includes(ADMIN) || wanted.some((p) => held.includes(p));
}

/**
 * The signed-in user's permissions, for shared building blocks (table buttons) that may not import
 * the auth feature: the app provides the session's roles here (app/providers.tsx). Nothing provided:
 * nothing is held, so guarded buttons stay hidden.
 */
export const HeldPermissions = createContext<readonly string[]>([]);

export const PermissionsProvider = HeldPermissions.Provider;

/** Whether the user holds one of `wanted`, from the provided permissions. */
export function useCan(wanted: readonly string[]): boolean {
  return hasPermission(useContext(HeldPermissions), wanted);
}

/** Shows its children only to a holder of one of `roles`. */
export function Can({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return useCan(roles) ? <>{children}</> : null;
}
