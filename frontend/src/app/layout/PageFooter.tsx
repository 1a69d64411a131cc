import { theme } from 'antd';
import { useBrand } from '@/shared/lib/brand';

/** The filing register every ICP number links to (Chinese sites show the number in their footer). */
export const FILING_REGISTER = 'https://beian.miit.gov.cn/';

/**
 * The page footer (seed-spec §3 showFooter, footerTxt, caseNumber): the configured text and the
 * ICP filing number linked to the register; nothing when neither is configured.
 */
export function PageFooter() {
  const { token } = theme.useToken();
  const footerText = useBrand((s) => s.footerText);
  const caseNumber = useBrand((s) => s.caseNumber);
  if (!footerText && !caseNumber) return null;
  return (
    <footer
      aria-label="footer"
      style={{ textAlign: 'center', padding: '16px 0', color: token.colorTextTertiary, fontSize: token.fontSizeSM, display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}
    >
      {footerText && <span>{footerText}</span>}
      {caseNumber && (
        <a href={FILING_REGISTER} target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>
          {caseNumber}
        </a>
      )}
    </footer>
  );
}
