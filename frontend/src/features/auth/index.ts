/**
 * The auth feature's public face: the session (who is signed in, their roles and menus) and the
 * permission checks. Other features and the app import from here, never from the files inside.
 * The sign-in pages are not exported: the app loads them lazily by path.
 */
export { createSessionStore, DEFAULT_ROLE, rolesOf, SYNC_AFTER_MS, useSession } from './session';
export type { SessionDeps, SessionState, SessionStore } from './session';
export { ADMIN, hasPermission, Permission, usePermission } from './permission';
export { getProfile } from './api';
export type { ChannelLoginForm, LoginForm, LoginResult, MenuMeta, MenuNode, UserInfo, UserProfile } from './types';
