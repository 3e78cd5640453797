import { timingSafeEqual } from 'node:crypto';

/**
 * Compares two signatures without leaking, through timing, how many leading characters match.
 * Case-insensitive because hex digests arrive in either case.
 */
export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  // timingSafeEqual needs equal lengths; compare a with itself so the work stays the same.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
