/** Shapes from docs/api.md (Public / Signed in). */
export interface Dept {
  id: number;
  name: string;
}

export interface UserProfile {
  id: number;
  username: string;
  nickName: string;
  email?: string;
  phone?: string;
  gender?: string;
  avatarPath?: string | null;
  enabled?: boolean;
  kind?: 'staff' | 'channel';
  dept?: Dept | null;
  /** The roles the user holds (GET /api/auth/info). */
  roles?: Array<{ id: number; name: string }>;
  createTime?: string;
}

/** GET /api/auth/info, also the `user` of a login answer. */
export interface UserInfo {
  user: UserProfile;
  roles: string[];
  dataScopes?: number[];
}

export interface LoginResult {
  token: string;
  user: UserInfo;
}

export interface Captcha {
  img: string;
  uuid: string;
  enabled: boolean;
}

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
