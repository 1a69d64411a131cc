import { http } from '@/shared/api';

export type PrintKind = 'picking' | 'delivery';
export type PrintFormat = 'html' | 'pdf';
export type PrintSize = 'a4' | 'label';

export interface PrintJob {
  kind: PrintKind;
  format: PrintFormat;
  size: PrintSize;
}

export const PRINT_URL = '/api/orders/print';

/** The most orders one paper prints (the BFF's MaxOrders). */
export const MAX_PRINT = 500;

/** The query of GET /api/orders/print for the orders ids. */
export function printParams(ids: Array<number | string>, job: PrintJob): Record<string, string> {
  return { ids: ids.join(','), kind: job.kind, format: job.format, size: job.size };
}

/** GET /api/orders/print with the session: the print view (HTML) or the PDF, as a Blob. */
export const fetchPaper = (ids: Array<number | string>, job: PrintJob) =>
  http.get<Blob>(PRINT_URL, { params: printParams(ids, job), responseType: 'blob' });
