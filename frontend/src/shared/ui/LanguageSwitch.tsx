import { Button } from 'antd';
import { useLanguage, useT } from '@/shared/lib/i18n';

/** zh-CN ⇄ en-US; the choice persists (DECISIONS §2). In the frame's header and on the sign-in pages. */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const setLanguage = useLanguage((s) => s.setLanguage);
  return (
    <Button
      type="text"
      title={t('lang.switch.label')}
      onClick={() => setLanguage(language === 'zh-CN' ? 'en-US' : 'zh-CN')}
    >
      {t('lang.switch')}
    </Button>
  );
}
