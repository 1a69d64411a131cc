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

const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/** IPv6 in any of its written forms (:: once at most, an IPv4 tail allowed), without a zone. */
export function isIpv6(s: string): boolean {
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...head, ...tail];
  let count = all.length;
  // an IPv4 tail (::ffff:1.2.3.4) takes two groups' room
  if (all.length > 0 && all[all.length - 1].includes('.')) {
    if (!isIp(all[all.length - 1])) return false;
    all.pop();
    count++;
  }
  if (!all.every((g) => HEX_GROUP.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/**
 * One entry of an address allow-list (登录IP白名单), as the BFF's iplist reads it: an IPv4 or
 * IPv6 address, or a CIDR range whose host bits are zero (10.0.0.0/8, 2001:db8::/32).
 */
export function isIpEntry(s: string): boolean {
  const [addr, bits, ...rest] = s.split('/');
  const v4 = isIp(addr);
  if (!v4 && !isIpv6(addr)) return false;
  if (bits === undefined) return true;
  if (rest.length > 0 || !/^(0|[1-9]\d{0,2})$/.test(bits)) return false;
  const n = Number(bits);
  if (n > (v4 ? 32 : 128)) return false;
  return hostBitsZero(v4 ? v4Bits(addr) : v6Bits(addr), n);
}

const v4Bits = (a: string) => a.split('.').map((o) => Number(o).toString(2).padStart(8, '0')).join('');

function v6Bits(a: string): string {
  let s = a;
  const last = s.slice(s.lastIndexOf(':') + 1);
  if (last.includes('.')) {
    const b = v4Bits(last);
    s = `${s.slice(0, s.lastIndexOf(':') + 1)}${parseInt(b.slice(0, 16), 2).toString(16)}:${parseInt(b.slice(16), 2).toString(16)}`;
  }
  const [h, t] = s.split('::');
  const head = h ? h.split(':') : [];
  const tail = t ? t.split(':') : [];
  const groups = t === undefined ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return groups.map((g) => parseInt(g, 16).toString(2).padStart(16, '0')).join('');
}

const hostBitsZero = (bits: string, prefix: number) => !bits.slice(prefix).includes('1');

/** The entries of a typed list: commas (also ，), semicolons, spaces or line breaks between them. */
export const ipListEntries = (s: string): string[] => s.split(/[,，;；\s]+/).filter((e) => e !== '');

/** At most this many entries (the BFF's iplist.MaxEntries). */
export const IP_LIST_MAX = 50;

/** A whole allow-list: every entry well-formed, and not too many. Empty is well-formed. */
export function isIpList(s: string): boolean {
  const entries = ipListEntries(s);
  return entries.length <= IP_LIST_MAX && entries.every(isIpEntry);
}
