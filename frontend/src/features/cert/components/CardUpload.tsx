import { useEffect, useRef, useState } from 'react';
import { Alert, App, Typography } from 'antd';
import { Upload } from '@/shared/ui/upload';
import type { UploadedFile } from '@/shared/ui/upload/logic';
import { readCard, type Card, type Side } from '../api';
import { CLEAR_AFTER_MS, keepsPicture, ocrFailure } from '../logic';
import { useT } from '../messages';

/** Pictures an identity card or licence may be (never SVG or PDF: OCR reads raster images). */
export const PICTURE_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'bmp'];

interface Props {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** Read the card once uploaded (the identity card's sides); left out: a plain picture (licence). */
  side?: Side;
  onRead?: (card: Card, side: Side) => void;
  label: string;
}

type State = { kind: 'idle' } | { kind: 'reading' } | { kind: 'read' } | { kind: 'failed'; why: string } | { kind: 'manual'; why: string };

/**
 * One picture of the certification. An identity card's side is read as soon as it is uploaded:
 * the form fills itself; a failed read says why and clears the list after 0.5 s (seed-spec §8),
 * so the operator uploads a better picture. With the reading off or its service down the picture
 * stays and the operator types the fields.
 */
export function CardUpload({ value, onChange, side, onRead, label }: Props) {
  const t = useT();
  const { message } = App.useApp();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changed = async (files: UploadedFile[]) => {
    onChange?.(files);
    const added = files.find((f) => !(value ?? []).some((v) => v.fileUrl === f.fileUrl));
    if (!side || added?.id === undefined) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'reading' });
    try {
      const card = await readCard(added.id, side);
      setState({ kind: 'read' });
      void message.success(t('cert.ocr.done'));
      onRead?.(card, side);
    } catch (e) {
      const why = ocrFailure(e, t('err.failed'));
      if (keepsPicture(e)) {
        // no fault of the picture: it stays, and the operator types what it shows
        setState({ kind: 'manual', why });
        void message.info(why);
        return;
      }
      setState({ kind: 'failed', why });
      void message.error(t('cert.ocr.failed', { why }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onChange?.([]), CLEAR_AFTER_MS);
    }
  };

  return (
    <div data-testid={`upload-${side ?? 'license'}`}>
      <Upload value={value} onChange={changed} types={PICTURE_TYPES} limit={1} maxMB={10} tip={false} label={label} />
      {state.kind === 'reading' ? <Typography.Text type="secondary">{t('cert.ocr.reading')}</Typography.Text> : null}
      {state.kind === 'read' ? <Typography.Text type="success">{t('cert.ocr.done')}</Typography.Text> : null}
      {state.kind === 'manual' ? (
        <Alert data-testid={`ocr-manual-${side}`} type="info" showIcon style={{ marginTop: 4 }} message={t('cert.ocr.manual', { why: state.why })} />
      ) : null}
      {state.kind === 'failed' ? (
        <Alert data-testid={`ocr-error-${side}`} type="error" showIcon style={{ marginTop: 4 }} message={t('cert.ocr.failed', { why: state.why })} />
      ) : null}
    </div>
  );
}
