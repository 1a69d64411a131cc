import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useT } from '@/shared/lib/i18n';
import { apiUrl } from '@/shared/lib/runtime';
import { drawPage, openPdf } from './render';

/** At most this many pages are drawn (contracts are short; the download has the rest). */
const MAX_PAGES = 20;

/**
 * The pages of a PDF, drawn with pdf.js into canvases inside the console's own container (so it
 * works the same standalone and embedded). The file is read with fetch from the API base.
 */
export default function PdfView({ url, width = 640 }: { url: string; width?: number }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ phase: 'loading' | 'done' | 'failed'; pages: number }>({ phase: 'loading', pages: 0 });
  // the labels only: a new translator (another render) must not draw the pages again
  const label = useRef(t);
  label.current = t;

  useEffect(() => {
    let close: (() => Promise<void>) | undefined;
    let gone = false;
    const run = async () => {
      const res = await fetch(apiUrl(url), { credentials: 'omit' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const opened = await openPdf(await res.arrayBuffer());
      close = opened.close;
      const doc = opened.doc;
      if (gone) return;
      const pages = Math.min(doc.numPages, MAX_PAGES);
      const host = box.current;
      if (!host) return;
      host.replaceChildren();
      for (let n = 1; n <= pages && !gone; n++) {
        const canvas = document.createElement('canvas');
        canvas.setAttribute('aria-label', label.current('pdf.page', { n }));
        canvas.style.display = 'block';
        canvas.style.margin = '0 auto 12px';
        canvas.style.boxShadow = '0 1px 4px rgba(0,0,0,.2)';
        host.appendChild(canvas);
        await drawPage(doc, n, canvas, width);
      }
      if (!gone) setState({ phase: 'done', pages: doc.numPages });
    };
    run().catch(() => {
      if (!gone) setState({ phase: 'failed', pages: 0 });
    });
    return () => {
      gone = true;
      void close?.();
    };
  }, [url, width]);

  return (
    <div data-pdf-view={state.phase} style={{ background: '#f0f2f5', padding: 12, minHeight: 120, overflow: 'auto' }}>
      {state.phase === 'loading' ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin aria-label={t('pdf.loading')} />
        </div>
      ) : null}
      {state.phase === 'failed' ? <Alert type="error" showIcon message={t('pdf.failed')} /> : null}
      <div ref={box} />
    </div>
  );
}
