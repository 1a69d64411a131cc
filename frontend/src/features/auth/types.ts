/** Shapes from docs/api.md (Public / Signed in). */
/** The user, the info answer, the login answer and the captcha are the BFF's (generated). */
export type { Captcha, LoginResult, UserInfo, UserProfile } from '@/shared/api/contract';

export interface LoginForm {
  username: string;
  password: string;
  code: string;
  uuid: string;
}

export interface ChannelLoginForm {
  username: string;
  password: string;
}

/** One node of GET /api/menus/build: the signed-in user's menu tree, part of the session (eladmin router tree, docs/api.md). */
export interface MenuMeta {
  title: string;
  icon?: string | null;
  noCache?: boolean;
  activeMenu?: string | null;
  breadcrumb?: boolean;
}

export interface MenuNode {
  name?: string | null;
  path: string;
  hidden?: boolean;
  redirect?: string | null;
  component?: string | null;
  alwaysShow?: boolean;
  meta?: MenuMeta | null;
  children?: MenuNode[] | null;
}
