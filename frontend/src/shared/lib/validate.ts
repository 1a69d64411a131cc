/** Validators of docs/decisions.md "System management (issue 4)"; each takes the raw text and says whether it is well-formed. */

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isEmail(s: string): boolean {
  return EMAIL.test(s) && !s.includes('..');
}

/** Mainland mobile: 11 digits, 1 then 3-9. */
export function isMobile(s: string): boolean {
  return /^1[3-9]\d{9}$/.test(s);
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

function realDate(y: number, m: number, d: number): boolean {
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/**
 * Mainland resident ID: the old 15-digit form (yyMMdd birth date) or the 18-digit form (yyyyMMdd,
 * last character the ISO 7064 MOD 11-2 check digit, X for 10).
 */
export function isIdCard(s: string): boolean {
  if (/^[1-9]\d{14}$/.test(s)) {
    return realDate(1900 + Number(s.slice(6, 8)), Number(s.slice(8, 10)), Number(s.slice(10, 12)));
  }
  if (!/^[1-9]\d{5}(18|19|20)\d{9}[\dXx]$/.test(s)) return false;
  if (!realDate(Number(s.slice(6, 10)), Number(s.slice(10, 12)), Number(s.slice(12, 14)))) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return CHECK[sum % 11] === s[17].toUpperCase();
}

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/** Four dotted numbers 0-255 without leading zeros. */
export function isIp(s: string): boolean {
  return IPV4.test(s);
}
