/**
 * Byte length as the back end counts it (docs/decisions.md "System management (issue 4)"): 1 per UTF-16 unit up to 0x7f, 2 up to
 * 2047, 3 above — so a CJK character counts 3.
 */
export function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c <= 0x7f ? 1 : c <= 0x7ff ? 2 : 3;
  }
  return n;
}

/** Keeps the first 3 characters of the local part, stars the rest of it: abcdef@x.cn → abc***@x.cn. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  return local.slice(0, 3) + '*'.repeat(Math.max(local.length - 3, 0)) + email.slice(at);
}

/** Keeps the first 3 characters and those from the 8th on, with 4 stars between: 138****5678. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return mobile;
  return mobile.slice(0, 3) + '****' + mobile.slice(7);
}
