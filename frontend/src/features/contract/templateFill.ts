import dayjs, { type Dayjs } from 'dayjs';
import type { ContractVar } from './api';

/**
 * The variables the BFF fills in from the agency and the contract when a contract is made
 * (contract.fill): a template names them, it does not give them values.
 */
export const SYSTEM_VARS = ['agencyName', 'agencyCode', 'contactPerson', 'phone', 'startDate', 'endDate', 'contractNo', 'amount'] as const;

export const isSystemVar = (key: string | undefined) => (SYSTEM_VARS as readonly string[]).includes(key ?? '');

/** The values a preview shows for the system's variables: a made-up agency, a term from today. */
export function sampleValues(names: { agencyName: string; contactPerson: string }, validMonths: number, today: Dayjs = dayjs()): Record<string, string> {
  const start = today.startOf('day');
  return {
    agencyName: names.agencyName,
    agencyCode: 'DEMO001',
    contactPerson: names.contactPerson,
    phone: '13800000000',
    startDate: start.format('YYYY-MM-DD'),
    endDate: start
      .add(Math.max(validMonths || 1, 1), 'month')
      .subtract(1, 'day')
      .format('YYYY-MM-DD'),
    contractNo: `HT${start.format('YYYYMMDD')}000001`,
    amount: '10000.00',
  };
}

/** What a preview fills each declared variable with: the sample for the system's, else the value typed. */
export function previewValues(vars: Array<Partial<ContractVar> | undefined>, samples: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of vars) {
    if (!v?.key) continue;
    out[v.key] = isSystemVar(v.key) ? (samples[v.key] ?? '') : (v.value ?? '');
  }
  return out;
}

/** A run of a template's text: plain, or a variable with the value it got ('' when none). */
export type Piece = { text: string } | { key: string; value: string };

// {{key}} (spaces allowed inside), and {key} as older templates wrote it
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}|\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/**
 * Splits text at its placeholders and fills those of declared variables (values' keys); any
 * other braces stay text. A declared variable without a value keeps value '' (the preview
 * marks it missing).
 */
export function fillText(text: string, values: Record<string, string>): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const key = m[1] ?? m[2];
    if (!(key in values)) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ key, value: values[key] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
