import { http } from '@/shared/api';

export function checkInit(): Promise<{ initialized: boolean }> {
  return http.get<{ initialized: boolean }>('/api/init/check');
}
