import { http } from '@/shared/api';
import type { Page, SignIn } from '@/shared/api/contract';

/** Body of PUT /api/users/center: the caller's own profile (the server takes the ID from the session). */
export interface CenterProfile {
  nickName: string;
  gender: string;
  phone: string;
}

export type { SignIn };

export const updateProfile = (p: CenterProfile) => http.put<void>('/api/users/center', p);

export const updatePassword = (oldPass: string, newPass: string) => http.post<void>('/api/users/updatePass', { oldPass, newPass });

export function updateAvatar(file: File): Promise<{ avatar: string }> {
  const form = new FormData();
  form.append('avatar', file);
  return http.post<{ avatar: string }>('/api/users/updateAvatar', form);
}

export const listSignIns = () => http.get<Page<SignIn>>('/api/users/center/logins');

/** Log out everywhere: every session of the signed-in user ends, this one too. */
export const endMySessions = () => http.delete<void>('/api/auth/sessions');
