import type { CertStatus } from './api';

/** The certification states' tag colours, in the list and on 我的渠道. */
export const CERT_COLOR: Record<CertStatus, string> = { none: 'default', pending: 'processing', approved: 'green', rejected: 'red' };
