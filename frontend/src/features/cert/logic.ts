import { failureOf } from '@/shared/api';
import type { Card, Side } from './api';

/** How long a failed card stays in the list before it is cleared (seed-spec §8: 0.5 s). */
export const CLEAR_AFTER_MS = 500;

/**
 * Why a card could not be read, for the operator: the server's message (502 provider down,
 * 422 无法识别, 400 not an image), or fallback when the answer had none (network).
 */
export function ocrFailure(error: unknown, fallback: string): string {
  const f = failureOf(error);
  const msg = f?.message.replace(/^[A-Za-z_]\w*:\s+/, '') ?? '';
  return msg || fallback;
}

/**
 * Whether a failed read leaves the picture for the operator to type the fields beside it: the
 * reading is off (503) or its service is down (502, or no answer), which is no fault of the
 * picture. A picture that is no picture (400) or cannot be read (422) is cleared after 0.5 s
 * (seed-spec §8), so that a better one is uploaded (docs/decisions.md "Certification without OCR").
 */
export function keepsPicture(error: unknown): boolean {
  const status = failureOf(error)?.status;
  return status === undefined || status === 502 || status === 503 || status === 504;
}

/** The form's fields a side fills: the front gives the representative's name and number. */
export function fieldsFromCard(card: Card, side: Side): Record<string, string> {
  if (side !== 'front') return {};
  const out: Record<string, string> = {};
  if (card.name) out.legalPerson = card.name;
  if (card.number) out.idNumber = card.number;
  return out;
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Unified social credit code (GB 32100-2015), the BFF's rule (bff/internal/cert/validate.go):
 * 18 characters, authority 1/5/9/Y, a 6-digit region, the check character last.
 */
export function isCreditCode(s: string): boolean {
  if (!/^[159Y][0-9A-HJ-NPQRTUWXY]\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(s[i]) * CREDIT_WEIGHTS[i];
  return s[17] === CREDIT_CHARS[(31 - (sum % 31)) % 31];
}
