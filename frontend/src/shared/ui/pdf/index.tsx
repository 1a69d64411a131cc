import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

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
