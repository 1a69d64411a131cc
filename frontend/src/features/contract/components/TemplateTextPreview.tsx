import { useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { readPdfText } from '@/shared/ui/pdf';
import type { ContractVar } from '../api';
import { useT } from '../messages';
import { fillText, previewValues, sampleValues } from '../templateFill';

/**
 * A template's text as a contract made from it would read: its {{variables}} filled with sample
 * values for those the system fills (a made-up agency, a term from today) and with the values
 * typed for the others.
 */
export function TemplateTextPreview({ url, variables, validMonths }: { url?: string; variables: Array<Partial<ContractVar> | undefined>; validMonths?: number }) {
  const t = useT();
  const agencyName = t('template.sample.agencyName');
  const contactPerson = t('template.sample.contactPerson');
  const values = useMemo(
    () => previewValues(variables, sampleValues({ agencyName, contactPerson }, validMonths ?? 12)),
    [variables, agencyName, contactPerson, validMonths],
  );
  return <FilledText url={url} values={values} label={t('template.sample')} />;
}

/**
 * The text of the PDF at url (pdf.js) with its {{variables}} replaced by values, each marked; a
 * declared variable still without a value is marked missing. A PDF without text (a scanned
 * image) says so.
 */
export function FilledText({ url, values, label }: { url?: string; values: Record<string, string>; label: string }) {
  const t = useT();
  const [state, setState] = useState<{ url?: string; text?: string; failed?: boolean }>({});
  useEffect(() => {
    if (!url) return;
    let gone = false;
    readPdfText(url).then(
      (text) => !gone && setState({ url, text }),
      () => !gone && setState({ url, failed: true }),
    );
    return () => {
      gone = true;
    };
  }, [url]);
  if (!url) return <Typography.Text type="secondary">{t('template.previewNoFile')}</Typography.Text>;
  if (state.url !== url) return <Spin size="small" aria-label={label} />;
  if (state.failed) return <Alert type="error" showIcon message={t('pdf.failed')} />;
  if (!state.text?.trim()) return <Alert type="info" showIcon message={t('template.previewNoText')} />;
  return (
    <div
      data-template-preview
      aria-label={label}
      style={{ whiteSpace: 'pre-wrap', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: 12, maxHeight: 320, overflowY: 'auto' }}
    >
      {fillText(state.text, values).map((p, i) =>
        'key' in p ? (
          p.value ? (
            <Typography.Text key={i} mark title={`{{${p.key}}}`} data-var={p.key}>
              {p.value}
            </Typography.Text>
          ) : (
            <Typography.Text key={i} type="danger" title={t('template.varMissing')} data-var={p.key}>
              {`{{${p.key}}}`}
            </Typography.Text>
          )
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </div>
  );
}
