import { http } from '@/shared/api';
import type { LoginResult } from '@/features/auth';

export function checkInit(): Promise<{ initialized: boolean }> {
  return http.get<{ initialized: boolean }>('/api/init/check');
}

export interface SetupForm {
  /** 初始化令牌: printed in the BFF log at its first start on a new database, or BFF_SETUP_TOKEN. */
  setupToken: string;
  username: string;
  nickName: string;
  email: string;
  password: string;
  shopName: string;
  shopPhone: string;
  shopAddress: string;
  /** 店铺简介: HTML of the rich-text editor, cleaned by the BFF. */
  shopIntro?: string;
}

/**
 * POST /api/init: first administrator and shop settings; refused (409) once initialised. Answers
 * like a sign-in: the new administrator's session.
 */
export function setupSystem(form: SetupForm): Promise<LoginResult> {
  return http.post<LoginResult>('/api/init', form);
}
