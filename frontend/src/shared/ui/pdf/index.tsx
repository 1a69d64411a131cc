import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { apiUrl } from '@/shared/lib/runtime';

// pdf.js is large: it loads with the first preview, never with the pages that only link to one.
const PdfView = lazy(() => import('./PdfView'));

/** A PDF's pages, drawn in the page (pdf.js, loaded on first use). `url` is an API path. */
export function PdfPreview(props: { url: string; width?: number }) {
  return (
    <Suspense fallback={<Spin />}>
      <PdfView {...props} />
    </Suspense>
  );
}

/**
 * The text of a PDF (an API path), for previews that show it filled in. pdf.js comes with the
 * first call, as with PdfPreview.
 */
export async function readPdfText(url: string, maxPages = 20): Promise<string> {
  const { openPdf, pageText } = await import('./render');
  const res = await fetch(apiUrl(url), { credentials: 'omit' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const { doc, close } = await openPdf(await res.arrayBuffer());
  try {
    return await pageText(doc, maxPages);
  } finally {
    void close();
  }
}
