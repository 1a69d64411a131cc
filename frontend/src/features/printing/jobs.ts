import dayjs from 'dayjs';
import type { PrintJob } from './api';
import type { messages } from './messages';

/** The print menu: each paper as a print view, then each as a PDF. */
export const JOBS: Array<PrintJob & { key: string; label: keyof typeof messages }> = [
  { key: 'picking', label: 'print.picking', kind: 'picking', size: 'a4', format: 'html' },
  { key: 'deliveryA4', label: 'print.deliveryA4', kind: 'delivery', size: 'a4', format: 'html' },
  { key: 'deliveryLabel', label: 'print.deliveryLabel', kind: 'delivery', size: 'label', format: 'html' },
  { key: 'pdfPicking', label: 'print.pdfPicking', kind: 'picking', size: 'a4', format: 'pdf' },
  { key: 'pdfDeliveryA4', label: 'print.pdfDeliveryA4', kind: 'delivery', size: 'a4', format: 'pdf' },
  { key: 'pdfDeliveryLabel', label: 'print.pdfDeliveryLabel', kind: 'delivery', size: 'label', format: 'pdf' },
];

/** The downloaded PDF's name: 拣货单 / 发货单 (面单 for labels) and the time. */
export function fileName(job: PrintJob, at: Date): string {
  const paper = job.kind === 'picking' ? '拣货单' : job.size === 'label' ? '发货单-面单' : '发货单';
  return `${paper}-${dayjs(at).format('YYYYMMDDHHmmss')}.${job.format}`;
}
