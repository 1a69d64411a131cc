import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLanguage } from '@/shared/lib/i18n';

/** Date pickers live inside the frame, so dayjs and its locale load with it, not with /login. */
export function useDayjsLocale(): void {
  const language = useLanguage((s) => s.language);
  useEffect(() => {
    dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  }, [language]);
}
