// pdf.js, loaded only with this module (the PDF preview is its own chunk). The worker is an asset
// next to the chunks: its URL is resolved against import.meta.url, so it points at the BFF also
// when the console runs inside the portal, where pdf.js wraps the cross-origin worker in a blob
// (worker-src 'self' blob:) and falls back to the main thread if even that is refused.
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens a PDF from its bytes; close() lets go of it (and of the worker's copy). */
export async function openPdf(data: ArrayBuffer): Promise<{ doc: PDFDocumentProxy; close: () => Promise<void> }> {
  const task = getDocument({ data: new Uint8Array(data) });
  return { doc: await task.promise, close: () => task.destroy() };
}

/** Draws page `n` (from 1) into canvas, `width` CSS pixels wide, sharp on dense screens. */
export async function drawPage(doc: PDFDocumentProxy, n: number, canvas: HTMLCanvasElement, width: number): Promise<void> {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (width / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  await page.render({ canvas, viewport }).promise;
}

/** The text of the first `max` pages, a line break wherever pdf.js reports one, pages apart by a blank line. */
export async function pageText(doc: PDFDocumentProxy, max: number): Promise<string> {
  const pages: string[] = [];
  for (let n = 1; n <= Math.min(doc.numPages, max); n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(text.trimEnd());
  }
  return pages.join('\n\n');
}
